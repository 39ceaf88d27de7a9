/** The four product interactions that are recorded (F7.2). */
export const ACTIONS = ['view_product', 'quick_view', 'add_to_cart', 'buy_now'] as const;
/** Where the shopper found the product (F7.2). */
export const SOURCES = ['filter', 'search', 'suggest'] as const;

export type AnalyticsAction = (typeof ACTIONS)[number];
export type AnalyticsSource = (typeof SOURCES)[number];

/**
 * One pending record as it is kept in storage: the F3.16 fields except `ct` (the cart token is
 * filled in when the record is sent), plus `id`, a random v4 UUID per record so that a resend is
 * recognised by the endpoint and never counted twice.
 */
export interface AnalyticsRecord {
  readonly id: string;
  /** Shop domain. */
  readonly tid: string;
  /** Product id. */
  readonly pid: string;
  /** ISO 8601 time of the interaction. */
  readonly t: string;
  /** Action. */
  readonly u: AnalyticsAction;
  /** Source. */
  readonly a: AnalyticsSource;
  /** Query string. */
  readonly qs: string;
  /** Referrer. */
  readonly r: string;
  /** Session id. */
  readonly sid: string;
}

/** The JSON body POSTed to the analytics endpoint: the record plus the cart token `ct`. */
export interface AnalyticsPayload extends AnalyticsRecord {
  readonly ct: string;
}

const FIELDS = ['id', 'tid', 'pid', 't', 'u', 'a', 'qs', 'r', 'sid'] as const;

/**
 * Reads one stored entry: a fresh record with only the known fields, or `null` when the value is
 * not a well-formed record (wrong type, missing field, unknown action or source). Never throws.
 */
export function readRecord(value: unknown): AnalyticsRecord | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const k of FIELDS) {
    const x = v[k];
    if (typeof x !== 'string') return null;
    out[k] = x;
  }
  return out['id'] && (ACTIONS as readonly string[]).includes(out['u']!) && (SOURCES as readonly string[]).includes(out['a']!)
    ? (out as unknown as AnalyticsRecord)
    : null;
}
