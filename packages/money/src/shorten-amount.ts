import { toFixedExact } from './to-fixed-exact';

export interface ShortenAmountOptions {
  /** Most decimals shown, trailing zeros dropped. An integer from 0 to 6; default 1. */
  decimals?: number;
  /** The decimal separator; default `.`. */
  decimal?: string;
}

/**
 * Shortens an amount for price range labels (rule S1.8): `K` from 1000, `M` from 1e6, with at
 * most `decimals` decimals (default 1) and no trailing zeros: 950 -> "950", 1000 -> "1K",
 * 1250 -> "1.3K", 999999 -> "1M", 2500000 -> "2.5M", 1e12 -> "1000000M". The unit is chosen
 * after rounding, so nothing reads "1000K". Negative amounts keep their minus ("-1.5K") unless
 * they round to zero; NaN and ±Infinity give "".
 */
export function shortenAmount(amount: number, options: ShortenAmountOptions = {}): string {
  if (!isFinite(amount)) return '';
  const decimals = Math.min(6, Math.max(0, Math.floor(options.decimals ?? 1))) || 0;
  const size = Math.abs(amount);
  let suffix = '';
  let text = toFixedExact(size, decimals);
  for (const [unit, divisor] of [['K', 1e3], ['M', 1e6]] as const) {
    if (Number(text) >= 1000) {
      suffix = unit;
      text = toFixedExact(size / divisor, decimals);
    }
  }
  if (decimals) text = text.replace(/\.?0+$/, '');
  return (amount < 0 && Number(text) ? '-' : '') + text.replace('.', options.decimal ?? '.') + suffix;
}
