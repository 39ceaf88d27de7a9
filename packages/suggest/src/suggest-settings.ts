// The suggestion settings (S9.8, S9.10, S4.2, S5.8): one typed, validated, frozen object.
import { describeValue } from '@pkg/kit';

/** The prefix of every error and warning this package prints. */
export const PREFIX = '[@pkg/suggest]';

export type SuggestType = 'suggestions' | 'collections' | 'pages' | 'products';

export interface SuggestSettings {
  /** Debounce from the last key press, ms (S9.8: 50). */
  readonly delay: number;
  /** Minimum term length after normalising (S5.3, S9.8: 1). */
  readonly minLength: number;
  /** Per-block limits (S9.8: 3, 2, 2, 6); each at most `maxItems`. */
  readonly suggestionLimit: number;
  readonly collectionLimit: number;
  readonly pageLimit: number;
  readonly productLimit: number;
  /** The largest value a block limit may take (S9.8: 10). */
  readonly maxItems: number;
  /** Did-you-mean limit (S9.8: 2). */
  readonly dymLimit: number;
  /** The cache is cleared when it reaches this many entries (S4.5: 25). */
  readonly cacheSize: number;
  /** Failed attempts before instant search is turned off (S4.9: 3). */
  readonly maxFailures: number;
  /** Sent as `enable_default_result=false` only when false (wire-format.md). */
  readonly enableDefaultResult: boolean;
  /** Blocks asked for; did-you-mean follow-ups ask for products and suggestions (S7.1). */
  readonly suggestTypes: readonly SuggestType[];
  /** Term highlight (S5.8). */
  readonly highlight: boolean;
  /** On-click suggestions for an empty term (S4.2). */
  readonly recentSearches: boolean;
  readonly popularTerms: readonly string[];
  readonly trendingProductIds: ReadonlyArray<string | number>;
  /** Recent searches shown and stored (S9.10: 3, 10). */
  readonly recentShow: number;
  readonly recentStore: number;
}

export type SuggestSettingsInput = Partial<SuggestSettings>;

export const SUGGEST_DEFAULTS: SuggestSettings = Object.freeze({
  delay: 50,
  minLength: 1,
  suggestionLimit: 3,
  collectionLimit: 2,
  pageLimit: 2,
  productLimit: 6,
  maxItems: 10,
  dymLimit: 2,
  cacheSize: 25,
  maxFailures: 3,
  enableDefaultResult: true,
  suggestTypes: Object.freeze(['suggestions', 'collections', 'pages', 'products'] as const),
  highlight: true,
  recentSearches: false,
  popularTerms: Object.freeze([]),
  trendingProductIds: Object.freeze([]),
  recentShow: 3,
  recentStore: 10,
});

const LIMITS = ['suggestionLimit', 'collectionLimit', 'pageLimit', 'productLimit'] as const;

/**
 * Merges the input over the defaults and checks it. Throws one TypeError naming every wrong
 * field (the input comes from the integrator, so failing fast is right). Block limits above
 * `maxItems` are clamped to it.
 */
export function createSuggestSettings(input: SuggestSettingsInput = {}): SuggestSettings {
  const out = { ...SUGGEST_DEFAULTS, ...input } as Record<string, unknown>;
  const problems: string[] = [];
  for (const [k, v] of Object.entries(out)) {
    const d = (SUGGEST_DEFAULTS as unknown as Record<string, unknown>)[k];
    if (d === undefined) problems.push(`${k} is not a suggestion setting`);
    else if (typeof d === 'number' ? !(Number.isInteger(v) && (v as number) >= 0) : Array.isArray(d) ? !Array.isArray(v) : typeof v !== typeof d)
      problems.push(`${k} must be ${typeof d === 'number' ? 'a whole number >= 0' : Array.isArray(d) ? 'an array' : `a ${typeof d}`}, got ${describeValue(v)}`);
  }
  if (problems.length) throw new TypeError(`${PREFIX} Invalid suggestion settings: ${problems.join('; ')}.`);
  for (const k of LIMITS) out[k] = Math.min(out[k] as number, out.maxItems as number);
  out.minLength = Math.max(1, out.minLength as number);
  for (const k of ['suggestTypes', 'popularTerms', 'trendingProductIds']) out[k] = Object.freeze([...(out[k] as unknown[])]);
  return Object.freeze(out) as unknown as SuggestSettings;
}
