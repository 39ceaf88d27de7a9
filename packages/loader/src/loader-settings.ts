import { validateSettings, type SettingsInput } from '@pkg/core-filter';
import { readCartOptions, type CartOptions } from './cart-settings';
import { readContainerSelectors, type ContainerSelectors } from './container-settings';
import { overlaySettings, readPageSettings, type PageSettings } from './read-page-settings';
import { readSearchOptions, splitSearchSection, type SearchOptions } from './search-settings';

/** Settings as a theme page holds them, plus the loader's own sections. */
export type LoaderSettingsInput = SettingsInput & { search?: unknown; cart?: unknown; containers?: unknown };

export interface LoaderSettings {
  readonly page: PageSettings;
  /** What core-filter's `createSettings` gets (the loader's sections taken off). */
  readonly input: SettingsInput;
  readonly search: SearchOptions;
  readonly cart: CartOptions;
  /** The theme's container selectors, per role, replacing the defaults of THEME_CONTAINERS. */
  readonly containers: ContainerSelectors;
  /** Every problem: reading the page, core-filter's validation, the loader's sections. */
  readonly problems: readonly string[];
}

/**
 * Reads the page settings (`readPageSettings`), merges `override` over them, takes the loader's
 * `search`, `cart` and `containers` sections off and checks everything. Never throws.
 */
export function readLoaderSettings(doc: Pick<Document, 'getElementById'>, globals: Record<string, unknown> | null | undefined, override?: LoaderSettingsInput): LoaderSettings {
  const page = readPageSettings(doc, globals ?? {});
  const merged = override ? overlaySettings(page.input as Record<string, unknown>, override as Record<string, unknown>) : page.input;
  const { search, cart, containers, core } = splitSearchSection(merged as LoaderSettingsInput);
  const s = readSearchOptions(search);
  const c = readCartOptions(cart);
  const k = readContainerSelectors(containers);
  return { page, input: core, search: s.options, cart: c.options, containers: k.options, problems: [...page.problems, ...validateSettings(core), ...s.problems, ...c.problems, ...k.problems] };
}
