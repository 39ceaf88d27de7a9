/**
 * Rounds a converted price up to the shop's price point for its currency (rule S1.7). The
 * result is the smallest amount at or above `amount` that fits the rule:
 *
 * - below 1 (.25 .5 .75 .9 .95 .99): a price ending in that fraction. The whole part is kept,
 *   moved to the next unit when the fraction is above the rule: 12.30 -> 12.95, 12.95 -> 12.95,
 *   12.97 -> 13.95, 13.00 -> 13.95.
 * - 1, 25, 50, 100, 250, 500, 1000 (the rules that divide a power of ten): the next multiple of
 *   the rule: 12.01 -> 13 (rule 1), 130 -> 150 (rule 25), 1201 -> 1250 (rule 250).
 * - 75, 90, 95, 99: a price ending in those two digits (the hundreds kept, moved up when the
 *   rest is above the rule): 120 -> 199 (rule 99), 199.5 -> 299.
 * - 750, 900, 950, 999: the same with three digits: 1200 -> 1999 (rule 999).
 *
 * Any other positive rule follows the same definition (the next multiple when it divides the
 * power of ten at or above it, else a price ending in it); rules are taken to two decimals.
 * Strings such as ".95" are read as numbers. The amount is returned unchanged when it is not a
 * positive finite number (a free item stays free) or the rule is not a positive finite number.
 */
export function roundCurrency(amount: number, rule: number | string | null | undefined): number {
  const fix = (n: number) => Number(n.toFixed(2));
  const target = fix(Number(rule));
  if (!(amount > 0 && target > 0 && isFinite(amount) && isFinite(target))) return amount;
  let step = 1;
  while (step < target) step *= 10;
  if (target >= 1 && step % target === 0) step = target;
  const rounded = fix(Math.floor(amount / step) * step + (target % step));
  return rounded < amount ? fix(rounded + step) : rounded;
}
