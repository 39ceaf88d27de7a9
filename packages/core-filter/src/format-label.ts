/**
 * Replaces `{{ name }}` in a label with escaped-free plain values (labels are rendered as text).
 * A missing label (settings made without the English texts, none given for it) is ''.
 */
export function formatLabel(label: string | undefined, values: Record<string, string | number> = {}): string {
  return (label ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
