/** Joins class names, skipping empty ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  let out = '';
  for (const n of names) if (n) out = out ? `${out} ${n}` : n;
  return out;
}
