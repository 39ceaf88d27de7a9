// Reading request parameters: bracket arrays (`pf_t_color[]`), repeated keys, bounds, and typed
// accessors that reject malformed values with a 400 naming the parameter.
import { badParam, EngineRequestError } from './engine-request-error';
import { LIMITS } from './limits';

/** What the typed methods accept as parameters. */
export type ParamsInit =
  | string
  | URLSearchParams
  | Record<string, string | number | boolean | ReadonlyArray<string | number> | undefined>;

export class RequestParams {
  private readonly map = new Map<string, string[]>();

  constructor(init: ParamsInit = {}) {
    if (typeof init === 'string') {
      if (init.length > LIMITS.queryLength) {
        throw new EngineRequestError(400, 'query_too_long', `The query string is longer than ${LIMITS.queryLength} characters.`);
      }
      init = new URLSearchParams(init);
    }
    if (init instanceof URLSearchParams) {
      for (const [k, v] of init) this.add(k, v);
    } else {
      for (const [k, v] of Object.entries(init)) {
        if (v === undefined) continue;
        if (Array.isArray(v)) for (const x of v as ReadonlyArray<string | number>) this.add(k, String(x));
        else this.add(k, String(v));
      }
    }
  }

  private add(rawKey: string, value: string): void {
    // `key[]` and indexed `key[0]`, `key[1]` (as query-string libraries write arrays) are `key`.
    const key = rawKey.replace(/\[\d{0,4}\]$/, '');
    let list = this.map.get(key);
    if (!list) {
      if (this.map.size >= LIMITS.params) {
        throw new EngineRequestError(400, 'too_many_parameters', `A request may carry at most ${LIMITS.params} distinct parameters.`);
      }
      this.map.set(key, (list = []));
    }
    if (list.length >= LIMITS.valuesPerParam) {
      throw badParam(key, `At most ${LIMITS.valuesPerParam} values are accepted for "${key}".`, 'too_many_values');
    }
    list.push(value);
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  /** Every value of a parameter, each checked against the term-length bound. */
  all(key: string): string[] {
    const list = this.map.get(key) ?? [];
    for (const v of list) {
      if (v.length > LIMITS.termLength) {
        throw badParam(key, `A value of "${key}" is longer than ${LIMITS.termLength} characters.`, 'value_too_long');
      }
    }
    return list;
  }

  /** The last value of a parameter (the one a repeated scalar ends on), or undefined. */
  get(key: string): string | undefined {
    const list = this.all(key);
    return list[list.length - 1];
  }

  string(key: string, fallback = ''): string {
    return this.get(key) ?? fallback;
  }

  /** An integer within [min, max]; absent or empty gives the fallback; anything else is a 400. */
  int(key: string, fallback: number, min: number, max: number): number {
    const raw = this.get(key);
    if (raw === undefined || raw.trim() === '') return fallback;
    if (!/^\s*-?\d+\s*$/.test(raw)) throw badParam(key, `"${key}" must be a whole number, got "${raw.slice(0, 40)}".`);
    const n = Number(raw);
    if (n < min || n > max) throw badParam(key, `"${key}" must be between ${min} and ${max}, got ${n}.`, 'out_of_range');
    return n;
  }

  /** true/false/1/0 (any case); absent or empty gives the fallback; anything else is a 400. */
  bool(key: string, fallback: boolean): boolean {
    const raw = this.get(key);
    if (raw === undefined || raw === '') return fallback;
    const v = raw.toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw badParam(key, `"${key}" must be true or false, got "${raw.slice(0, 40)}".`);
  }

  /**
   * The typo tolerance real clients send: a boolean (true/false/1/0) or an edit distance 0..2
   * (0 is off). Absent or empty gives the fallback; anything else is a 400.
   */
  fuzzy(key: string, fallback: boolean): boolean {
    const raw = this.get(key);
    if (raw === undefined || raw.trim() === '') return fallback;
    const v = raw.trim().toLowerCase();
    if (v === 'true' || v === '1' || v === '2') return true;
    if (v === 'false' || v === '0') return false;
    throw badParam(key, `"${key}" must be true, false or an edit distance 0, 1 or 2, got "${raw.slice(0, 40)}".`);
  }
}
