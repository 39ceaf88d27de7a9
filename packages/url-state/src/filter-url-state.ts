/** Per-option flags that travel as `<id>_<flag>=true` (wire format). */
export type OptionFlag = 'and_condition' | 'show_exact_rating' | 'exclude_from_value';

export const OPTION_FLAGS: readonly OptionFlag[] = ['and_condition', 'show_exact_rating', 'exclude_from_value'];

/** The flags set on one filter option, e.g. `{ and_condition: true }`. */
export type OptionFlags = Readonly<Partial<Record<OptionFlag, true>>>;

/**
 * The part of the storefront's state that lives in the address bar. Records are null-prototype
 * objects (a `__proto__` key is just a key) and everything returned by `parseQuery` is frozen.
 */
export interface FilterUrlState {
  /** Selected values per filter option id (long names with the prefix, e.g. `pf_t_color`). */
  readonly filters: Readonly<Record<string, readonly string[]>>;
  /** Flags per option id, from `<id>_and_condition=true` and its siblings. */
  readonly flags: Readonly<Record<string, OptionFlags>>;
  /** 1-based page; 1 is never written (S2.12). */
  readonly page: number;
  /** Absent means the default. */
  readonly sort?: string;
  /**
   * Absent means the default. `NaN` (from parseQuery only) means the address held a limit that is
   * not a whole number in 1..70: the reader applies its fallback (S5.6). Writers drop it.
   */
  readonly limit?: number;
  readonly display?: string;
  readonly tab?: string;
  /** The search term (under the configured term key). */
  readonly term?: string;
  /** Parameters this package does not own (`utm_source`, `preview_theme_id`, ...), kept as they came. */
  readonly extra: Readonly<Record<string, readonly string[]>>;
}
