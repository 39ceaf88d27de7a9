/** `value` kept within `lo` and `hi` (`hi` wins should the bounds arrive crossed). */
export const clamp = (value: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, value));
