import { afterEach, describe, expect, it, vi } from 'vitest';
import { allKinds } from './all-kinds';
import { buildFilterOptions, type FilterOptionCore } from './filter-option';
import { createFilterControllerWith } from './filter-controller';
import { resolveFetchTransport } from './resolve-transport';
import { listKind, readTerms } from './kind-list';
import { rangeKind } from './kind-range';
import { createKindRegistry, type OptionKind } from './option-kind';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';

const settings = createSettings({ api: { filterUrl: 'https://svc.test/filter' }, shop: { domain: 'shop.test', money_format: '${{amount}}' }, filter: { transport: 'fetch' } });
const ctx = getPageContext(settings, '/collections/all');
const wire = [
  { filterOptionId: 'pf_t_color', filterType: 'tag', displayType: 'list', position: 1, values: [{ key: 'Red', doc_count: 2 }] },
  { filterOptionId: 'pf_p_price', filterType: 'price', displayType: 'range', position: 2, values: { min: 5, max: 80 } },
  { filterOptionId: 'pf_r_rating', filterType: 'review_ratings', displayType: 'rating', position: 3, values: [{ from: 4, to: 5, doc_count: 1 }] },
  { filterOptionId: 'pf_c_collection', filterType: 'collection', displayType: 'multi_level_collections', position: 4, values: [{ key: '5', label: 'Shoes', handle: 'shoes', doc_count: 3 }] },
  { filterOptionId: 'pf_opt_size', filterType: 'opt_size', displayType: 'box', position: 5, values: [{ key: 'M', doc_count: 1 }] },
];
const kindsOf = (options: readonly FilterOptionCore[]) => options.map((o) => [o.id, o.kind]);

afterEach(() => vi.restoreAllMocks());

describe('option kind registry', () => {
  it('[F3.3] every built-in kind reads its options: the strongest claim wins (range and multi-level by display, buckets and rating by type)', () => {
    expect(kindsOf(buildFilterOptions(wire, { settings, ctx }))).toEqual([
      ['pf_t_color', 'list'],
      ['pf_p_price', 'range'],
      ['pf_r_rating', 'rating'],
      ['pf_c_collection', 'multi_level_collections'],
      ['pf_opt_size', 'box'],
    ]);
    const price = buildFilterOptions([{ ...wire[1], displayType: 'list', values: [{ from: 0, to: 10, doc_count: 1 }] }], { settings, ctx })[0];
    expect([price?.kind, price?.items[0]?.key]).toEqual(['price', '0:10']);
    expect(new Set(allKinds.map((k) => k.name)).size).toBe(allKinds.length);
  });

  it('with only list and range registered, every other option is read as a plain list; without list it is skipped', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const options = buildFilterOptions(wire, { settings, ctx, kinds: createKindRegistry([listKind, rangeKind]) });
    expect(kindsOf(options)).toEqual([
      ['pf_t_color', 'list'],
      ['pf_p_price', 'range'],
      ['pf_r_rating', 'list'],
      ['pf_c_collection', 'list'],
      ['pf_opt_size', 'list'],
    ]);
    expect(buildFilterOptions(wire, { settings, ctx, kinds: createKindRegistry([rangeKind]) }).map((o) => o.id)).toEqual(['pf_p_price']);
  });

  it('an agency kind registered after the built-in ones replaces one of them for its options, with its own order and chip', () => {
    const sizes = ['XS', 'S', 'M', 'L', 'XL'];
    const sizeKind: OptionKind = {
      name: 'size',
      claims: (ref) => (ref.filterType.startsWith('opt_size') ? 3 : 0),
      read: (input) => ({ items: [...(readTerms(input).items ?? [])].sort((a, b) => sizes.indexOf(a.key) - sizes.indexOf(b.key)) }),
      chip: (_option, value) => `Size ${value}`,
    };
    const raw = { ...wire[4], values: ['XL', 'M', 'S'].map((key) => ({ key, doc_count: 1 })) };
    const [size] = buildFilterOptions([raw], { settings, ctx, selected: { pf_opt_size: ['M'] }, kinds: createKindRegistry([...allKinds, sizeKind]) });
    expect([size?.kind, size?.items.map((i) => i.key), size?.chips]).toEqual(['size', ['S', 'M', 'XL'], [{ value: 'M', text: 'Size M' }]]);
  });

  it('ignores a registered value that is not a kind, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const registry = createKindRegistry([listKind, null as unknown as OptionKind, { name: 'x' } as OptionKind]);
    expect(registry.kinds).toEqual([listKind]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a headless controller with its own kinds list reads, asks for and chips the values of its kinds', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const urls: URL[] = [];
    const controller = createFilterControllerWith([listKind, rangeKind], {
      settings,
      resolveTransport: resolveFetchTransport,
      location: { pathname: '/collections/all', search: '' },
      window: null,
      fetch: async (input) => {
        urls.push(new URL(String(input)));
        return new Response(JSON.stringify({ total_product: 0, products: [], filter: { options: wire } }));
      },
    });
    await controller.init();
    expect(kindsOf(controller.getSnapshot().options).map(([, k]) => k)).toEqual(['list', 'range', 'list', 'list', 'list']);
    await controller.setRange('pf_p_price', 10, 40);
    expect(urls.at(-1)?.searchParams.get('pf_p_price[]')).toBe('10:40');
    expect(controller.getSnapshot().options.find((o) => o.id === 'pf_p_price')?.chips).toEqual([{ value: '10:40', text: '$10.00-$40.00' }]);
    controller.destroy();
  });
});
