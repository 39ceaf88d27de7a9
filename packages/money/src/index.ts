export { formatMoney } from './format-money';
export type { FormatMoneyOptions, MoneyFormatName } from './format-money';
export { parseAmount } from './parse-amount';
export type { ParseAmountOptions } from './parse-amount';
export { roundCurrency } from './round-currency';
export { shortenAmount } from './shorten-amount';
export type { ShortenAmountOptions } from './shorten-amount';
export { currencyDecimals, ZERO_DECIMAL_CURRENCIES } from './currency-decimals';
export { decodeEntities } from './decode-entities';
