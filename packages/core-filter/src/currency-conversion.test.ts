import { describe, expect, it } from 'vitest';
import { createSettings } from './create-settings';
import { browserRate, priceOptionsToShown, priceSelectionsToShop } from './currency-conversion';
import { normalizeFilterResponse } from './normalize-product';

// currency_rate is shop -> shown: at 0.5, 20 in the shop's currency is shown as 10.
const converting = createSettings({ general: { current_currency: 'EUR', currency_rate: 0.5 }, filter: { multiCurrency: true, convertPriceInBrowser: true } });

describe('in-browser currency conversion (S1.5)', () => {
  it('[S1.5] converts only with multi-currency on and conversion in the browser', () => {
    expect(browserRate(converting)).toBe(0.5);
    expect(browserRate(createSettings({ general: { currency_rate: 0.5 }, filter: { multiCurrency: true } }))).toBe(1);
    expect(browserRate(createSettings({ general: { currency_rate: 0.5 }, filter: { convertPriceInBrowser: true } }))).toBe(1);
  });

  it('[S1.5, S3.2] shows product prices in the shopper currency, except per-currency copies and gift cards', () => {
    const r = normalizeFilterResponse(
      {
        products: [
          { id: 1, price_min: 20, price_max: 40, compare_at_price_min: 50, variants: [{ id: 11, price: '20', compare_at_price: 30 }, { id: 12, price: 25, fulfillment_service: 'gift_card' }] },
          { id: 2, price_min: 20, price_min_eur: 9.5 },
        ],
      },
      converting,
    );
    const [a, b] = r.products;
    expect([a?.priceMin, a?.priceMax, a?.compareAtPriceMin]).toEqual([10, 20, 25]);
    expect(a?.variants.map((v) => [v.price, v.compareAtPrice])).toEqual([[10, 15], [25, null]]);
    expect(b?.priceMin).toBe(9.5);
    expect(normalizeFilterResponse({ products: [{ id: 1, price_min: 20 }] }, createSettings()).products[0]?.priceMin).toBe(20);
  });

  it('[S1.5] shows the price options in the shopper currency, so a selection made there is sent back divided', () => {
    const options = [
      { filterOptionId: 'pf_p_price', values: { min: 20, max: 100 } },
      { filterOptionId: 'pf_vp_variant_price', values: [{ from: 0, to: 20, doc_count: 3 }, { from: 20, doc_count: 1 }] },
      { filterOptionId: 'pf_t_color', values: [{ key: '20', doc_count: 1 }] },
    ];
    const shown = priceOptionsToShown(options, converting);
    expect(shown).toEqual([
      { filterOptionId: 'pf_p_price', values: { min: 10, max: 50 } },
      { filterOptionId: 'pf_vp_variant_price', values: [{ from: 0, to: 10, doc_count: 3 }, { from: 10, doc_count: 1 }] },
      options[2],
    ]);
    expect(options[0]).toEqual({ filterOptionId: 'pf_p_price', values: { min: 20, max: 100 } });
    // The whole shown range, selected, is the whole range in the shop's currency.
    expect(priceSelectionsToShop(converting, { pf_p_price: ['10:50'], pf_t_color: ['20'] })).toEqual({ pf_p_price: ['20:100'], pf_t_color: ['20'] });
    expect(normalizeFilterResponse({ filter: { options } }, converting).filterOptions).toEqual(shown);
  });
});
