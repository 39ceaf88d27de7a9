export interface ParseAmountOptions {
  /**
   * The decimal separator the shopper uses. When set, the other of `.` and `,` is always a
   * thousands separator and no guessing happens. Leave it out to let {@link parseAmount} guess.
   */
  decimal?: '.' | ',';
}

/**
 * Reads an amount a shopper typed (rule F5.5), e.g. `1,234.56`, `1.234,56`, `1 234,56`,
 * `$ 1,234`, `1'234.50`, `-€12`. Returns the number, or `null` when there is no number to read.
 *
 * - The first run of digits and separators is read; text around it (currency signs, codes) is
 *   ignored. A `-` (or U+2212) before the run, with no digit between, makes it negative.
 * - Spaces of any kind, `'` and `’` are always thousands separators.
 * - Without `decimal`: when both `.` and `,` occur, the last one is the decimal separator. When
 *   one of them occurs several times it is a thousands separator (`1,234,567`). When one occurs
 *   once it is a thousands separator only if it follows 1 to 3 digits (not starting with 0) and
 *   is followed by exactly 3 digits and nothing else (`1,234` and `1.234` read 1234; `1,23`,
 *   `0,125`, `1234,567` and `1'234.567` read as decimals). Pass `decimal` to remove that guess.
 * - `null` for: a non-string (a finite number is returned as is), no digit at all, the decimal
 *   separator more than once, or a value too large for a number. Exponents are not read.
 */
export function parseAmount(text: unknown, options: ParseAmountOptions = {}): number | null {
  if (typeof text === 'number') return isFinite(text) ? text : null;
  if (typeof text !== 'string') return null;
  // Ends on a digit: trailing separators and spaces are not part of the number.
  const match = /[.,]?\d(?:[\d.,'’\s]*\d)?/.exec(text);
  if (!match) return null;
  const raw = match[0];
  const run = raw.replace(/['’\s]/g, '');
  let decimal: string | undefined = options.decimal;
  if (!decimal) {
    const at = Math.max(run.lastIndexOf('.'), run.lastIndexOf(','));
    const last = run[at] ?? '';
    if (at < 0 || (!run.includes(last === '.' ? ',' : '.') && (run.indexOf(last) < at || /^[1-9]\d{0,2}[.,]\d{3}$/.test(raw)))) {
      decimal = '';
    } else decimal = last;
  }
  const [whole = '', fraction = '', extra] = decimal ? run.split(decimal) : [run];
  if (extra !== undefined || /\D/.test(fraction)) return null;
  const value = Number(`${whole.replace(/\D/g, '')}.${fraction}`);
  if (!isFinite(value)) return null;
  return value && /[-\u2212]\D*$/.test(text.slice(0, match.index)) ? -value : value;
}
