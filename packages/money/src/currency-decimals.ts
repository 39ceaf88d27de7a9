/**
 * ISO 4217 currencies whose minor unit exponent is 0: amounts are whole units, the six money
 * formats show no decimals for them and `unit: 'minor'` does not divide.
 */
// Pure: a page that never formats money drops the list when bundled.
export const ZERO_DECIMAL_CURRENCIES: readonly string[] =
  /* @__PURE__ */ 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' ');

/**
 * How many decimals a currency is shown with: 0 for {@link ZERO_DECIMAL_CURRENCIES}, 2 for every
 * other code, for an unknown code and for no code at all. The code is matched case-insensitively.
 */
export function currencyDecimals(currency?: string | null): 0 | 2 {
  return ZERO_DECIMAL_CURRENCIES.includes(String(currency).toUpperCase()) ? 0 : 2;
}
