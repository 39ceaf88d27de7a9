// HTTP negotiation without Node built-ins: which content coding an `Accept-Encoding` header asks
// for (q-values, `*`, `identity`), and whether an `If-None-Match` header names an entity tag.

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Codings the server can send, best first when a client weighs them equally. */
const OFFERED: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * The coding to send for an `Accept-Encoding` header (RFC 9110 §12.5.3): the highest q-value
 * among br, gzip and identity, br first on a tie. No header means identity. `identity` stays
 * acceptable, as the last choice, unless the header refuses it (`identity;q=0`, or `*;q=0`
 * without naming it); when
 * the header refuses everything the answer is sent as identity anyway (the safe fallback the RFC
 * allows instead of a 406).
 */
export function chooseEncoding(header: string | undefined): ContentCoding {
  if (header === undefined) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9](?:\.[0-9]{0,3})?)\s*$/i.exec(p);
      if (m) weight = Math.min(1, Number(m[1]));
    }
    // `x-gzip` is gzip's old name (RFC 9110 §8.4.1.3).
    const key = coding === 'x-gzip' ? 'gzip' : coding;
    q.set(key, Math.max(q.get(key) ?? 0, weight));
  }
  const star = q.get('*');
  // identity not named: acceptable (last choice) unless `*;q=0` refuses it.
  const weightOf = (c: ContentCoding): number => q.get(c) ?? (c === 'identity' ? (star === 0 ? 0 : 0.001) : (star ?? 0));
  let best: ContentCoding = 'identity';
  let bestQ = 0;
  for (const c of OFFERED) {
    const w = weightOf(c);
    if (w > bestQ) {
      best = c;
      bestQ = w;
    }
  }
  return best;
}

/**
 * Whether an `If-None-Match` header matches the entity tag `tag` (a quoted opaque string), by the
 * weak comparison RFC 9110 §13.1.2 asks for: `W/` prefixes are ignored, and a tag the server marked
 * with a coding suffix (`"abc-br"`) matches its plain form, since the content is the same.
 */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"');
  const want = bare(tag);
  return header.split(',').some((t) => bare(t) === want);
}

/** `vary` with `name` added once (case-insensitive). */
export function addVary(vary: string | undefined, name: string): string {
  if (!vary) return name;
  return vary.split(',').some((v) => v.trim().toLowerCase() === name.toLowerCase()) ? vary : `${vary}, ${name}`;
}
