// Term highlight as text parts, never HTML (S5.8).

/** A run of plain text; `highlight` marks the runs that match the term. */
export interface TextPart {
  readonly text: string;
  readonly highlight: boolean;
}

/**
 * Splits `text` into parts, marking every case-insensitive occurrence of the term's words.
 * Applies only when `enabled` and the term is longer than 1 character (S5.8); otherwise the
 * whole text is one plain part. Longer words win where words overlap. Never mutates, never HTML.
 */
export function highlight(text: string, term: string, enabled = true): readonly TextPart[] {
  const plain = text ? [{ text, highlight: false }] : [];
  const t = term.replace(/\s+/g, ' ').trim();
  if (!enabled || t.length <= 1 || !text) return plain;
  const words = [...new Set(t.toLowerCase().split(' '))].sort((a, b) => b.length - a.length);
  const re = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    if (i > at) parts.push({ text: text.slice(at, i), highlight: false });
    parts.push({ text: m[0], highlight: true });
    at = i + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), highlight: false });
  return parts;
}
