// Tolerant readers for outside JSON (service answers, settings a page writes, uploaded documents):
// they never throw and give a safe default. Every @pkg package reads outside JSON with these.

/** A plain object read from outside JSON. */
export type Rec = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `v` when it is an array, else an empty one. */
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * How a message names a wrong value read from outside JSON (settings, a page's globals, an
 * imported document): `null`, `undefined`, `an array`, `an object`, `string "…"`
 * (JSON-quoted, so spaces and quotes show) or `<type> <value>` (`number 5`, `boolean true`,
 * a function's first characters). The value's text is cut at 40 characters: a long value never floods a console
 * or an error answer. Every `@pkg` package that reports a wrong value words it with this.
 */
export const describeValue = (v: unknown): string =>
  v == null
    ? String(v)
    : Array.isArray(v)
      ? 'an array'
      : typeof v === 'object'
        ? 'an object'
        : `${typeof v} ${typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : String(v).slice(0, 40)}`;

// What textsOver made, by defaults and then by the given texts: the same pair reads once.
const made = new WeakMap<object, WeakMap<object, object>>();

/**
 * A part's texts: each of `defaults`' names takes `given`'s string of that name, else keeps its
 * default (a package's English texts under the shop's, e.g. @pkg/suggest's `SUGGEST_LABELS` read
 * from core-filter's `settings.labels`). Read once per pair: the same `defaults` and `given`
 * objects give the same frozen object (components read their texts on every render; settings are
 * frozen, so a changed text comes as a new object).
 */
export function textsOver<T extends { readonly [K in keyof T]: string }>(defaults: T, given: object): T {
  let byGiven = made.get(defaults);
  if (!byGiven) made.set(defaults, (byGiven = new WeakMap()));
  const keyed = given === Object(given);
  let out = keyed ? byGiven.get(given) : undefined;
  if (!out) {
    const texts: Record<string, string> = { ...(defaults as Record<keyof T, string>) };
    for (const k in texts) {
      const v = (given as Rec | null)?.[k];
      if (typeof v === 'string') texts[k] = v;
    }
    out = Object.freeze(texts);
    if (keyed) byGiven.set(given, out);
  }
  return out as T;
}
