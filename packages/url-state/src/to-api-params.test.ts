import { describe, expect, it } from 'vitest';
import type { FilterUrlState } from './filter-url-state';
import { parseQuery } from './parse-query';
import { toApiParams } from './to-api-params';
import { createUrlConfig } from './url-config';

const state = (partial: Partial<FilterUrlState>): FilterUrlState => ({ filters: {}, flags: {}, page: 1, extra: {}, ...partial });

describe('toApiParams', () => {
  it('[F3.15] sends one bracket array per option id, <id>_and_condition, page and sort', () => {
    const config = createUrlConfig();
    const params = toApiParams(
      state({ filters: { pf_t_color: ['Red', 'Blue'], pf_opt_size: ['M'] }, flags: { pf_t_color: { and_condition: true } }, page: 2, sort: 'price-ascending' }),
      config,
    );
    expect(params).toEqual([
      ['pf_opt_size[]', 'M'],
      ['pf_t_color[]', 'Red'],
      ['pf_t_color[]', 'Blue'],
      ['pf_t_color_and_condition', 'true'],
      ['page', '2'],
      ['sort', 'price-ascending'],
    ]);
    expect(new URLSearchParams(params).toString()).toBe(
      'pf_opt_size%5B%5D=M&pf_t_color%5B%5D=Red&pf_t_color%5B%5D=Blue&pf_t_color_and_condition=true&page=2&sort=price-ascending',
    );
  });

  it('uses the bracket form whatever the address-bar scheme (wire format)', () => {
    for (const scheme of [0, 1, 2] as const) {
      const config = createUrlConfig({ scheme });
      const s = parseQuery(scheme === 2 ? 'pf_t_color=Red,Blue' : 'pf_t_color=Red&pf_t_color=Blue', createUrlConfig({ scheme: scheme === 2 ? 2 : 1 }));
      expect(toApiParams(s, config).slice(0, 2)).toEqual([
        ['pf_t_color[]', 'Red'],
        ['pf_t_color[]', 'Blue'],
      ]);
    }
  });

  it('sends a range as one min:max value, either end possibly empty', () => {
    const params = toApiParams(state({ filters: { pf_p_price: ['50:'], pf_w_weight: [':100'] } }), createUrlConfig());
    expect(params.slice(0, 2)).toEqual([
      ['pf_p_price[]', '50:'],
      ['pf_w_weight[]', ':100'],
    ]);
  });

  it('fills limit, sort and display from the defaults, always sends page, and sends a term as q', () => {
    const config = createUrlConfig({ termKey: 'query', defaults: { limit: 16, sort: 'best-selling', display: 'grid', tab: 'products' } });
    expect(toApiParams(state({ term: 'red shoes', tab: 'pages' }), config)).toEqual([
      ['page', '1'],
      ['limit', '16'],
      ['sort', 'best-selling'],
      ['display', 'grid'],
      ['q', 'red shoes'],
    ]);
    expect(toApiParams(state({ page: 0, limit: 500 }), createUrlConfig())).toEqual([['page', '1']]);
  });

  it('[S5.11, F5.3] sends the vendor filter of a vendor page in bracket form', () => {
    const vendor = createUrlConfig({ pageKind: 'vendor' });
    expect(toApiParams(parseQuery('q=Nike', vendor), vendor)).toEqual([
      ['pf_v_vendor[]', 'Nike'],
      ['page', '1'],
    ]);
  });
});
