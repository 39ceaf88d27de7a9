import { describe, expect, it, vi } from 'vitest';
import { createSettings } from './create-settings';
import { browserRate, priceOptionsToShown, priceSelectionsToShop } from './currency-conversion';
import { buildFilterOptions } from './filter-option';
import { normalizeFilterResponse } from './normalize-product';
import { isPriceOption } from './option-kind';
import { getPageContext } from './page-context';

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

  it('[S1.5] one rule of what is a price option, the kind registry\'s: the kinds, the money ranges and the conversion all follow it', () => {
    // Option objects as real services send them (wire-format.md), price and not.
    const real = [
      { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', selectType: 'single', label: 'Price', sliderStep: 1, values: { min: 20, max: 100 } },
      { filterOptionId: 'pf_vp_variants_price', filterType: 'variants_price', displayType: 'list', selectType: 'single', label: 'Price', values: [{ from: 0, to: 20, doc_count: 3 }, { from: 20, to: null, doc_count: 1 }] },
      { filterOptionId: 'pf_opt_size', filterType: 'opt_size', displayType: 'range', label: 'Size', values: [{ key: '20', doc_count: 1 }, { key: '40', doc_count: 2 }] },
      { filterOptionId: 'pf_pt_product_type', filterType: 'product_type', displayType: 'list', label: 'Type', values: [{ key: '20', doc_count: 1 }] },
      { filterOptionId: 'pf_w_weight', filterType: 'weight', displayType: 'range', label: 'Weight', values: { min: 20, max: 100 } },
      { filterOptionId: 'pf_ps_percent_sale', filterType: 'percent_sale', displayType: 'range', label: 'Sale', values: { min: 10, max: 50 } },
      // An id outside the price family with a price type: the type decides for the kinds.
      { filterOptionId: 'pf_price_eur', filterType: 'price', displayType: 'range', label: 'Price', values: { min: 20, max: 40 } },
    ];
    const prices = ['pf_p_price', 'pf_vp_variants_price', 'pf_price_eur'];
    expect(real.filter((o) => isPriceOption(converting, o.filterOptionId, o.filterType)).map((o) => o.filterOptionId)).toEqual(prices);
    // Only an id is known (a selection read from the address): its family decides, after the shop's prefix.
    expect(['pf_p_price', 'pf_vp_variants_price', 'pf_pt_product_type', 'pf_opt_price', 'pf_price_eur'].filter((id) => isPriceOption(converting, id))).toEqual(['pf_p_price', 'pf_vp_variants_price']);
    const bc = createSettings({ filter: { filterPrefix: 'bc_' } });
    expect([isPriceOption(bc, 'bc_p_price'), isPriceOption(bc, 'pf_p_price'), isPriceOption(bc, 'bc_opt_size', 'opt_size')]).toEqual([true, false, false]);

    // The answer side converts the price options by their ids, as the request side reads them (an address has ids only).
    const shown = priceOptionsToShown(real, converting);
    const converted = shown.map((o, i) => (o === real[i] ? 'kept' : (o as { values: unknown }).values));
    expect(converted).toEqual([{ min: 10, max: 50 }, [{ from: 0, to: 10, doc_count: 3 }, { from: 10, to: null, doc_count: 1 }], 'kept', 'kept', 'kept', 'kept', 'kept']);
    // The kinds: the price buckets are the price kind's; a range over a price option shows money, the others numbers.
    const built = buildFilterOptions(shown, { settings: converting, ctx: getPageContext(converting, '/collections/all'), formatPrice: (n) => `€${n}` });
    expect(built.map((o) => [o.id, o.kind, o.range?.money ?? null])).toEqual([
      ['pf_p_price', 'range', true],
      ['pf_vp_variants_price', 'price', null],
      ['pf_opt_size', 'range', false],
      ['pf_pt_product_type', 'list', null],
      ['pf_w_weight', 'range', false],
      ['pf_ps_percent_sale', 'range', false],
      ['pf_price_eur', 'range', true],
    ]);
    // The request side converts the same options back: what was shown converted is sent converted, the rest as chosen.
    const chosen = { pf_p_price: ['10:50'], pf_price_eur: ['20:30'], pf_w_weight: ['20:40'], pf_opt_size: ['0:1'], pf_vp_variants_price: ['0:10'] };
    expect(priceSelectionsToShop(converting, chosen)).toEqual({ ...chosen, pf_p_price: ['20:100'], pf_vp_variants_price: ['0:20'] });
  });

  it('[S1.5] an option the service sent without a filter type is a price one by its id: shown in money and converted both ways', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const raw = [{ filterOptionId: 'pf_p_price', displayType: 'range', label: 'Price', values: { min: 20, max: 100 } }];
    const shown = priceOptionsToShown(raw, converting);
    expect(shown).toEqual([{ ...raw[0], values: { min: 10, max: 50 } }]);
    const built = buildFilterOptions(shown, { settings: converting, ctx: getPageContext(converting, '/collections/all') });
    expect(built[0]?.range).toMatchObject({ min: 10, max: 50, money: true });
    expect(priceSelectionsToShop(converting, { pf_p_price: ['10:50'] })).toEqual({ pf_p_price: ['20:100'] });
    warn.mockRestore();
  });
});
