// A shop owner's synonyms and merchandising rules: one JSON document per shop (kept in version
// control), validated here with errors naming the rule and field, and applied by the engine to
// searches and collection pages: pin, hide, boost or bury by attribute, banners in the grid, each
// rule for a query or a collection, with optional start and end dates.
import type { WireBanner } from '@pkg/core-filter';
import { isRec } from '@pkg/kit';
import { foldText, tokenize } from './text';

/** Two-way (`terms`: each finds the others) or one-way (`from` finds `to`, not the reverse). */
export type SynonymEntry = { terms: string[] } | { from: string; to: string[] };

export interface AttributeMatch {
  /** `vendor`, `type` (product type), `tag` or `option` (any variant option value). */
  field: 'vendor' | 'type' | 'tag' | 'option';
  value: string;
}

export interface BannerConfig {
  /** 1-based position in the result list where the banner shows (before that product). */
  position: number;
  text?: string;
  image?: string;
  link?: string;
}

export interface MerchandisingRule {
  /** Names the rule in errors and in the wire banners. */
  id: string;
  /** A search term (matched folded and whitespace-collapsed) or a collection handle; at least one. */
  query?: string;
  collection?: string;
  /** ISO 8601 dates; the rule applies from `start` and until `end` (either optional). */
  start?: string;
  end?: string;
  /** Products (id or handle) shown at a 1-based position when they are in the result. */
  pin?: Array<{ product: string; position: number }>;
  /** Products (id or handle) left out of the result and its counts. */
  hide?: string[];
  /** Products with one of these attributes come first / last (in the requested order within). */
  boost?: AttributeMatch[];
  bury?: AttributeMatch[];
  banner?: BannerConfig;
}

export interface MerchandisingConfig {
  synonyms?: SynonymEntry[];
  rules?: MerchandisingRule[];
}

/** The wire shape of a banner in a filter or search answer (`banners`), as core-filter reads it. */
export type { WireBanner } from '@pkg/core-filter';

export class MerchandisingError extends Error {
  constructor(readonly where: string, message: string) {
    super(`[@pkg/engine] Merchandising ${where}: ${message}`);
    this.name = 'MerchandisingError';
  }
}

const FIELDS = ['vendor', 'type', 'tag', 'option'];
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 200;
const isPosition = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10_000;
const SAFE_URL = /^(https?:\/\/|\/(?!\/))[^\s"'<>]*$/i;

/** One search word from a synonym term (words joined by a symbol become one: t-shirt -> tshirt). */
function synonymWord(raw: unknown, where: string): string {
  if (!isText(raw)) throw new MerchandisingError(where, 'must be a non-empty string of at most 200 characters.');
  const words = tokenize(raw);
  if (words.length === 0) throw new MerchandisingError(where, `"${raw.slice(0, 40)}" holds no letters or digits.`);
  return words.join('');
}

function attributes(raw: unknown, where: string): AttributeMatch[] {
  if (!Array.isArray(raw)) throw new MerchandisingError(where, 'must be a list of { field, value }.');
  return raw.map((a, i) => {
    if (!isRec(a)) throw new MerchandisingError(`${where}[${i}]`, 'must be an object { field, value }.');
    if (typeof a.field !== 'string' || !FIELDS.includes(a.field)) throw new MerchandisingError(`${where}[${i}].field`, `must be one of ${FIELDS.join(', ')}.`);
    if (!isText(a.value)) throw new MerchandisingError(`${where}[${i}].value`, 'must be a non-empty string.');
    return { field: a.field as AttributeMatch['field'], value: a.value };
  });
}

function date(raw: unknown, where: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || Number.isNaN(Date.parse(raw))) throw new MerchandisingError(where, 'must be an ISO 8601 date such as "2026-12-01" or "2026-12-01T09:00:00Z".');
  return raw;
}

/**
 * Validates a merchandising document (parsed JSON) and returns it normalised; throws a
 * MerchandisingError naming the rule and field at the first problem.
 */
export function parseMerchandising(input: unknown): MerchandisingConfig {
  if (!isRec(input)) throw new MerchandisingError('document', 'must be a JSON object { synonyms?, rules? }.');
  for (const k of Object.keys(input)) if (k !== 'synonyms' && k !== 'rules' && k !== '$schema') throw new MerchandisingError(`field "${k}"`, 'is not known; use synonyms and rules.');
  const synonyms: SynonymEntry[] = [];
  if (input.synonyms !== undefined) {
    if (!Array.isArray(input.synonyms)) throw new MerchandisingError('synonyms', 'must be a list.');
    input.synonyms.forEach((s, i) => {
      const where = `synonyms[${i}]`;
      if (!isRec(s)) throw new MerchandisingError(where, 'must be { terms: [...] } (two-way) or { from, to: [...] } (one-way).');
      if (s.terms !== undefined) {
        if (!Array.isArray(s.terms) || s.terms.length < 2) throw new MerchandisingError(`${where}.terms`, 'must list at least two terms.');
        synonyms.push({ terms: s.terms.map((t, k) => synonymWord(t, `${where}.terms[${k}]`)) });
      } else if (s.from !== undefined) {
        if (!Array.isArray(s.to) || s.to.length === 0) throw new MerchandisingError(`${where}.to`, 'must list at least one term.');
        synonyms.push({ from: synonymWord(s.from, `${where}.from`), to: s.to.map((t, k) => synonymWord(t, `${where}.to[${k}]`)) });
      } else throw new MerchandisingError(where, 'needs terms (two-way) or from and to (one-way).');
    });
  }
  const rules: MerchandisingRule[] = [];
  const ids = new Set<string>();
  if (input.rules !== undefined) {
    if (!Array.isArray(input.rules)) throw new MerchandisingError('rules', 'must be a list.');
    input.rules.forEach((r, i) => {
      if (!isRec(r)) throw new MerchandisingError(`rules[${i}]`, 'must be an object.');
      if (!isText(r.id)) throw new MerchandisingError(`rules[${i}].id`, 'must be a non-empty string.');
      const where = `rule "${r.id}"`;
      if (ids.has(r.id)) throw new MerchandisingError(`${where} id`, 'is used by another rule.');
      ids.add(r.id);
      const rule: MerchandisingRule = { id: r.id };
      if (r.query !== undefined) {
        if (!isText(r.query)) throw new MerchandisingError(`${where} query`, 'must be a non-empty string.');
        rule.query = r.query;
      }
      if (r.collection !== undefined) {
        if (!isText(r.collection)) throw new MerchandisingError(`${where} collection`, 'must be a collection handle.');
        rule.collection = r.collection;
      }
      if (rule.query === undefined && rule.collection === undefined) throw new MerchandisingError(`${where} query`, 'a rule needs a query or a collection to apply to.');
      const start = date(r.start, `${where} start`);
      const end = date(r.end, `${where} end`);
      if (start !== undefined) rule.start = start;
      if (end !== undefined) rule.end = end;
      if (start && end && Date.parse(start) > Date.parse(end)) throw new MerchandisingError(`${where} end`, 'is before its start.');
      if (r.pin !== undefined) {
        if (!Array.isArray(r.pin)) throw new MerchandisingError(`${where} pin`, 'must be a list of { product, position }.');
        rule.pin = r.pin.map((p, k) => {
          if (!isRec(p) || !isText(p.product)) throw new MerchandisingError(`${where} pin[${k}].product`, 'must be a product id or handle.');
          if (!isPosition(p.position)) throw new MerchandisingError(`${where} pin[${k}].position`, 'must be a whole number from 1.');
          return { product: p.product, position: p.position };
        });
      }
      if (r.hide !== undefined) {
        if (!Array.isArray(r.hide) || !r.hide.every(isText)) throw new MerchandisingError(`${where} hide`, 'must be a list of product ids or handles.');
        rule.hide = r.hide as string[];
      }
      if (r.boost !== undefined) rule.boost = attributes(r.boost, `${where} boost`);
      if (r.bury !== undefined) rule.bury = attributes(r.bury, `${where} bury`);
      if (r.banner !== undefined) {
        const b = r.banner;
        if (!isRec(b)) throw new MerchandisingError(`${where} banner`, 'must be { position, text?, image?, link? }.');
        if (!isPosition(b.position)) throw new MerchandisingError(`${where} banner.position`, 'must be a whole number from 1.');
        const banner: BannerConfig = { position: b.position };
        if (b.text !== undefined) {
          if (typeof b.text !== 'string' || b.text.length > 500) throw new MerchandisingError(`${where} banner.text`, 'must be a string of at most 500 characters (shown as text).');
          banner.text = b.text;
        }
        for (const k of ['image', 'link'] as const) {
          const v = b[k];
          if (v === undefined) continue;
          if (typeof v !== 'string' || !SAFE_URL.test(v)) throw new MerchandisingError(`${where} banner.${k}`, 'must be an http(s) URL or a path starting with "/".');
          banner[k] = v;
        }
        if (banner.text === undefined && banner.image === undefined) throw new MerchandisingError(`${where} banner`, 'needs a text or an image.');
        rule.banner = banner;
      }
      if (!rule.pin && !rule.hide && !rule.boost && !rule.bury && !rule.banner) throw new MerchandisingError(where, 'does nothing: give it pin, hide, boost, bury or banner.');
      rules.push(rule);
    });
  }
  return { synonyms, rules };
}

/** Query word -> the words it also finds (two-way groups both ways, one-way from -> to). */
export function synonymMap(config: MerchandisingConfig): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    if (from === to) return;
    const list = map.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    map.set(from, list);
  };
  for (const s of config.synonyms ?? []) {
    if ('terms' in s) for (const a of s.terms) for (const b of s.terms) add(a, b);
    else for (const t of s.to) add(s.from, t);
  }
  return map;
}

const normalQuery = (q: string) => foldText(q).replace(/\s+/g, ' ').trim();

/** The rules in force for a request (its search term, its collection page) at time `now`. */
export function activeRules(config: MerchandisingConfig, q: string, collection: string | null, now: number): MerchandisingRule[] {
  const term = normalQuery(q);
  return (config.rules ?? []).filter((r) => {
    if (r.start && now < Date.parse(r.start)) return false;
    if (r.end && now > Date.parse(r.end)) return false;
    if (r.query !== undefined && normalQuery(r.query) !== term) return false;
    if (r.collection !== undefined && r.collection !== (collection ?? 'all')) return false;
    return true;
  });
}

export function wireBanners(rules: readonly MerchandisingRule[]): WireBanner[] {
  return rules.flatMap((r) => (r.banner ? [{ id: r.id, position: r.banner.position, text: r.banner.text ?? null, image: r.banner.image ?? null, link: r.banner.link ?? null }] : []));
}
