import { validateSettings, type SettingsInput } from '@pkg/core-filter';
import { readCartOptions, type CartOptions } from './cart-settings';
import { mergeSettings, readPageSettings, type PageSettings } from './read-page-settings';
import { readSearchOptions, splitSearchSection, type SearchOptions } from './search-settings';

/** Settings as a theme page holds them, plus the loader's own sections. */
export type LoaderSettingsInput = SettingsInput & { search?: unknown; cart?: unknown };

export interface LoaderSettings {
  readonly page: PageSettings;
  /** What core-filter's `createSettings` gets (the loader's sections taken off). */
  readonly input: SettingsInput;
  readonly search: SearchOptions;
  readonly cart: CartOptions;
  /** Every problem: reading the page, core-filter's validation, the loader's sections. */
  readonly problems: readonly string[];
}

/**
 * Reads the page settings (`readPageSettings`), merges `override` over them, takes the loader's
 * `search` and `cart` sections off and checks everything. Never throws.
 */
export function readLoaderSettings(doc: Pick<Document, 'getElementById'>, globals: Record<string, unknown> | null | undefined, override?: LoaderSettingsInput): LoaderSettings {
  const page = readPageSettings(doc, globals ?? {});
  const merged = override ? mergeSettings(page.input as Record<string, unknown>, override as Record<string, unknown>) : page.input;
  const { search, cart, core } = splitSearchSection(merged as LoaderSettingsInput);
  const s = readSearchOptions(search);
  const c = readCartOptions(cart);
  return { page, input: core, search: s.options, cart: c.options, problems: [...page.problems, ...validateSettings(core), ...s.problems, ...c.problems] };
}
