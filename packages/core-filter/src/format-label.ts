/** Replaces `{{ name }}` in a label with escaped-free plain values (labels are rendered as text). */
export function formatLabel(label: string, values: Record<string, string | number> = {}): string {
  return label.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
