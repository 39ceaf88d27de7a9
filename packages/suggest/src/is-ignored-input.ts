// Inputs the suggestion layer leaves alone (S4.8, F5.7): a pure predicate over an element-like.

/** The slice of an input element the predicate reads; every member optional. */
export interface InputLike {
  readonly classList?: { contains(name: string): boolean } | null;
  readonly dataset?: Readonly<Record<string, string | undefined>> | null;
  getAttribute?(name: string): string | null;
}

/** The class or data attribute that opts an input out of instant search. */
export const DISABLE_CLASS = 'disable-instant-search';
/** The attribute the binder sets on an input it has initialised. */
export const INITIALISED_ATTRIBUTE = 'data-pkg-suggest';

const has = (el: InputLike, attr: string, key: string): boolean =>
  (el.getAttribute?.(attr) ?? el.dataset?.[key] ?? null) !== null;

/**
 * True when an input is marked disable-instant-search (the class `disable-instant-search` or a
 * `data-disable-instant-search` attribute) or is already initialised (`data-pkg-suggest`).
 * A check that throws counts as "ignore".
 */
export function isIgnoredInput(el: InputLike | null | undefined): boolean {
  try {
    if (!el) return true;
    return !!el.classList?.contains(DISABLE_CLASS) || has(el, `data-${DISABLE_CLASS}`, 'disableInstantSearch') || has(el, INITIALISED_ATTRIBUTE, 'pkgSuggest');
  } catch {
    return true;
  }
}
