import { isRec } from '@pkg/kit';
import type { FilterController, FilterSnapshot, Product, Settings } from '@pkg/core-filter';

/** The global a theme may already define with its hooks (read for compatibility, F4.24). */
export const LEGACY_HOOKS_GLOBAL = 'boostPFSFilterCallbacks';

/** The legacy hook object: every hook is optional. */
export interface LegacyHooks {
  /** Before the controller is created; may not change the (frozen) settings. */
  beforeInit?(settings: Settings): void;
  /** After the first load was started, with the controller (for custom actions). */
  afterInit?(controller: FilterController): void;
  /** An answer arrived and is about to be rendered. */
  beforeRender?(snapshot: FilterSnapshot): void;
  /** The product list was rendered into the page (DOM updated). */
  afterRender?(snapshot: FilterSnapshot, container: Element): void;
  /** The theme's product item as an HTML string; `undefined` or `''` keeps the default card. */
  buildProductItem?(product: Product, index: number, context: { url: string; display: string; moneyFormat: string }): string | undefined | null;
  /** The same builder under its name in older theme libraries (used when `buildProductItem` is not given). */
  buildProductGridItem?(product: Product, index: number, context: { url: string; display: string; moneyFormat: string }): string | undefined | null;
}

/** What the components receive. Every call is guarded: a throwing hook is logged, never fatal. */
export interface MappedHooks {
  readonly beforeInit: (settings: Settings) => void;
  readonly afterInit: (controller: FilterController) => void;
  readonly beforeRender: (snapshot: FilterSnapshot) => void;
  readonly afterRender: (snapshot: FilterSnapshot, container: Element) => void;
  /** Present only when the theme builds its own items: the HTML to sanitise and insert. */
  readonly productItemHtml: ((product: Product, index: number, context: { url: string; display: string; moneyFormat: string }) => string | null) | null;
  /**
   * S8.8: the theme names an item builder (`buildProductItem` or `buildProductGridItem`) but gives
   * no function: the list shows the default cards, and the loader warns once.
   */
  readonly missingBuilder: boolean;
  /** Keys of the hook object that are not hooks (warned once). */
  readonly unknown: readonly string[];
}

const BUILDERS = ['buildProductItem', 'buildProductGridItem'] as const;
/** The hook names the legacy object may carry (the warning about other keys lists them). */
export const KNOWN = ['beforeInit', 'afterInit', 'beforeRender', 'afterRender', ...BUILDERS] as const;

/**
 * Maps a legacy hook object onto the loader's component hooks:
 * `beforeInit`/`afterInit` around controller creation, `beforeRender` on each new answer,
 * `afterRender` after the product list is in the DOM, `buildProductItem` (or an older theme
 * library's `buildProductGridItem`) becomes the product list's item renderer (its HTML goes
 * through SafeHtml). A builder key without a function sets `missingBuilder` (S8.8); other
 * non-function values and unknown keys are ignored and reported in `unknown`.
 */
export function mapLegacyHooks(hooks: unknown, log: Pick<Console, 'error'> = console): MappedHooks {
  const obj = isRec(hooks) ? hooks : {};
  const fn = (name: (typeof KNOWN)[number]) => {
    const f = obj[name];
    return typeof f === 'function' ? (f as (...args: unknown[]) => unknown) : null;
  };
  const guard =
    (name: (typeof KNOWN)[number]) =>
    (...args: unknown[]): unknown => {
      const f = fn(name);
      if (!f) return undefined;
      try {
        return f.apply(obj, args);
      } catch (e) {
        log.error(`[@pkg/loader] The ${name} hook threw; the page goes on without it.`, e);
        return undefined;
      }
    };
  const builder = fn('buildProductItem') ? 'buildProductItem' : 'buildProductGridItem';
  const build = fn(builder);
  const item = guard(builder);
  const named = BUILDERS.filter((k) => k in obj);
  return {
    beforeInit: guard('beforeInit'),
    afterInit: guard('afterInit'),
    beforeRender: guard('beforeRender'),
    afterRender: guard('afterRender'),
    productItemHtml: build
      ? (product, index, context) => {
          const html = item(product, index, context);
          return typeof html === 'string' && html !== '' ? html : null;
        }
      : null,
    missingBuilder: !build && named.length > 0,
    unknown: Object.keys(obj).filter((k) => !(KNOWN as readonly string[]).includes(k) || (typeof obj[k] !== 'function' && !(BUILDERS as readonly string[]).includes(k))),
  };
}
