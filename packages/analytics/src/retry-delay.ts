/**
 * The wait before retry number `failures` (1 for the first retry, never less): exponential from `base`,
 * capped at `max`, with "equal jitter" (a random point in the upper half), so that it is never
 * zero and tabs or shops that failed together do not retry together.
 */
export function retryDelay(failures: number, base: number, max: number, random: () => number): number {
  const d = Math.min(max, base * 2 ** Math.min(failures - 1, 30));
  return Math.round(d / 2 + (random() * d) / 2);
}

/**
 * Reads a `Retry-After` header (delay in seconds, or an HTTP date) as milliseconds from `now`.
 * Returns `null` when absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
