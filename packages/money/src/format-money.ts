import { currencyDecimals } from './currency-decimals';
import { decodeEntities } from './decode-entities';
import { parseAmount } from './parse-amount';
import { roundCurrency } from './round-currency';
import { shortenAmount } from './shorten-amount';
import { toFixedExact } from './to-fixed-exact';

/** The six placeholders of rule S1.6. */
export type MoneyFormatName =
  | 'amount'
  | 'amount_no_decimals'
  | 'amount_with_comma_separator'
  | 'amount_no_decimals_with_comma_separator'
  | 'amount_with_space_separator_no_comma'
  | 'amount_no_decimals_with_space_separator';

export interface FormatMoneyOptions {
  /** Whether `amount` is in major units (19.99, the default) or minor units (1999 cents). */
  unit?: 'major' | 'minor';
  /** ISO 4217 code. Zero-decimal currencies (JPY, KRW, ...) show no decimals in any format. */
  currency?: string;
  /** A currency rounding rule (S1.7) applied to the major amount first; see `roundCurrency`. */
  rounding?: number | string;
  /** Shorten amounts that round to 1000 or more with K / M (S1.8), for price range labels. */
  short?: boolean;
  /**
   * Cut the digits after the decimal delimiter from the text (the original add-on's owner setting
   * `removePriceDecimal`): 12.99 shows as "12", 1.234,56 as "1.234". The amount is formatted
   * first (rounding rule, then half-up to the currency's decimals) and the fraction dropped, not rounded.
   */
  removeDecimals?: boolean;
}

const NAMES = /* @__PURE__ */ 'amount amount_no_decimals amount_with_comma_separator amount_no_decimals_with_comma_separator amount_with_space_separator_no_comma amount_no_decimals_with_space_separator'.split(' ');

/**
 * Formats an amount with a shop money format such as `{{amount}}` or
 * `<span class=money>&#36;{{amount}} USD</span>` (rule S1.6), and returns plain text: tags are
 * removed, character references decoded, white space at both ends trimmed.
 *
 * - Every `{{ name }}` placeholder is replaced; an unknown name formats like `amount`. A format
 *   without a placeholder gets the `amount` text appended to its text; an empty format, or one
 *   that is not a string (null, undefined, a number), gives the `amount` text alone.
 * - Rounding is half up on the decimal value (1.005 -> "1.01"), never `toFixed`'s binary guess.
 * - A string amount is read as JavaScript reads numbers ("19.99", " 1e3 "), else by
 *   {@link parseAmount} ("1,234.56"); it is never stripped of its first dot.
 * - A negative amount gets a minus in front of the whole text ("-$1,234.56"), unless it rounds
 *   to zero. NaN, ±Infinity, null, undefined, non-numbers and unreadable strings give "".
 */
export function formatMoney(
  amount: number | string | null | undefined,
  format?: string | null,
  options: FormatMoneyOptions = {},
): string {
  const decimals = currencyDecimals(options.currency);
  const read = typeof amount === 'string' && amount.trim() ? Number(amount) : NaN;
  let value = typeof amount === 'number' ? amount : read === read ? read : (parseAmount(amount) ?? NaN);
  if (options.unit === 'minor') value /= 10 ** decimals;
  if (options.rounding != null) value = roundCurrency(value, options.rounding);
  if (!isFinite(value)) return '';
  const size = Math.abs(value);
  // The digits of every replaced placeholder; '' while none was replaced.
  let shown = '';
  const put = (_match: string, name: string): string => {
    // Known names say how they look: "no_decimals", "comma_separator" (1.234,56), "space" (1 234).
    const style = NAMES.includes(name) ? name : 'amount';
    const thousands = /comma_/.test(style) ? '.' : /space/.test(style) ? ' ' : ',';
    const decimal = thousands === ',' || /no_comma/.test(style) ? '.' : ',';
    const digits = toFixedExact(size, /no_dec/.test(style) ? 0 : decimals);
    const [whole = '', fraction] = digits.split('.');
    shown += digits;
    return options.short && whole.length > 3
      ? shortenAmount(size, { decimal })
      : whole.replace(/\B(?=(\d{3})+$)/g, thousands) + (fraction && !options.removeDecimals ? decimal + fraction : '');
  };
  let text = (typeof format === 'string' ? format : '')
    .replace(/<[a-z/!?][^>]*(>|$)/gi, '')
    .replace(/\{\{\s*(\w+)\s*\}\}/g, put);
  if (!shown) text += put('', 'amount');
  text = decodeEntities(text.trim());
  return value < 0 && /[1-9]/.test(shown) ? `-${text}` : text;
}
