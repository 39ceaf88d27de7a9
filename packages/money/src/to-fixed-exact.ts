/**
 * `value.toFixed(decimals)` without binary artefacts, for a finite `value >= 0`.
 *
 * Rounds half up on the shortest decimal text of the number (what `String(value)` prints, the
 * value as it was written), so 1.005 gives "1.01" and 0.125 gives "0.13" where `toFixed` gives
 * "1.00" and "0.12". Values of 1e21 and more print all their integer digits (no exponent).
 * Internal: the money formatter and the shortener share it.
 */
export function toFixedExact(value: number, decimals: number): string {
  const text = String(value);
  let digits: string;
  if (text.includes('e')) {
    // Below 1e-6 (rounds to zero for the at most 6 decimals used here) or at least 1e21 (an integer).
    digits = value < 1 ? '0' : String(BigInt(value)) + '0'.repeat(decimals);
  } else {
    const [whole = '', fraction = ''] = text.split('.');
    const kept = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
    digits = String((fraction[decimals] ?? '0') >= '5' ? kept + BigInt(1) : kept);
  }
  digits = digits.padStart(decimals + 1, '0');
  return decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
}
