import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createSettings, moneyOptionsFor, type Product } from '@pkg/core-filter';
import { MoneyOptionsProvider } from '../money-context';
import { ProductCard } from '../ProductList';
import { freshEngine } from './cart-test-utils';
import { createRecentlyViewed, type RecentlyViewedStorage } from './recently-viewed';
import { RecentlyViewed } from './RecentlyViewed';

const memoryStorage = (): RecentlyViewedStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};
const item = (p: Product) => <a href={`/products/${p.handle}`}>{p.title}</a>;

describe('createRecentlyViewed', () => {
  it('keeps a bounded list, newest first, moving a product viewed again to the front', () => {
    const storage = memoryStorage();
    const recent = createRecentlyViewed({ storage, limit: 3 });
    ['1', 2, '3', '1', '4'].forEach((id) => recent.record(id));
    expect(recent.list()).toEqual(['4', '1', '3']);
    expect(createRecentlyViewed({ storage, limit: 3 }).list()).toEqual(['4', '1', '3']);
    recent.clear();
    expect(recent.list()).toEqual([]);
  });

  it('survives disabled, full and corrupt storage without throwing', () => {
    const throwing: RecentlyViewedStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const recent = createRecentlyViewed({ storage: throwing });
    expect(recent.list()).toEqual([]);
    expect(recent.record('7')).toEqual(['7']);
    expect(recent.list()).toEqual(['7']);
    expect(() => recent.clear()).not.toThrow();
    expect(createRecentlyViewed({ storage: null }).record('1')).toEqual(['1']);
  });

  it('reads any stored text as a list of short ids or nothing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const storage = memoryStorage();
        storage.data.set('pkg-recently-viewed', raw);
        const list = createRecentlyViewed({ storage, limit: 5 }).list();
        expect(list.length).toBeLessThanOrEqual(5);
        expect(new Set(list).size).toBe(list.length);
        list.forEach((id) => expect(id).toMatch(/^\S{1,100}$/));
      }),
    );
  });
});

describe('RecentlyViewed', () => {
  it('[S3.10] is the recently-viewed slider type: viewed products from the products call, newest first, without this page', async () => {
    const engine = freshEngine();
    const fetch = vi.fn(engine.fetch);
    render(<RecentlyViewed ids={['3', '1', '2']} exclude="1" productsUrl="http://shop.test/api/products" fetch={fetch} renderItem={item} />);
    const region = await screen.findByRole('region', { name: 'Recently viewed' });
    expect(fetch).toHaveBeenCalledWith('http://shop.test/api/products?ids=3&ids=2', expect.anything());
    expect(within(region).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/products/bruno-compete-hoodie', '/products/teton-pullover-hoodie']);
  });

  it('[S1.7] its product cards show prices rounded by the rule of the shown currency from the nearest money options', async () => {
    const engine = freshEngine();
    const settings = createSettings({ shop: { money_format: '${{amount}}', currency: 'USD' }, general: { current_currency: 'EUR' }, filter: { multiCurrency: true, currencyRoundingRules: { EUR: 0.95 } } });
    const card = (p: Product, i: number) => <ProductCard product={p} url={`/products/${p.handle}`} position={i} display="grid" moneyFormat={settings.shop.money_format} titleLevel={3} />;
    render(
      <MoneyOptionsProvider value={moneyOptionsFor(settings)}>
        <RecentlyViewed ids={['1', '2', '3']} productsUrl="http://shop.test/api/products" fetch={engine.fetch} renderItem={card} />
      </MoneyOptionsProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Recently viewed' });
    const prices = [...region.querySelectorAll('.pkg-price__current')].map((e) => e.textContent ?? '');
    expect(prices.length).toBe(3);
    for (const p of prices) for (const amount of p.match(/[\d,]+\.\d\d/g) ?? []) expect(amount).toMatch(/\.95$/);
  });

  it('[S4.22] renders nothing without products, and shares the slider navigation (previous disabled at 0, next disabled at the end)', async () => {
    const engine = freshEngine();
    const { container } = render(<RecentlyViewed ids={[]} renderItem={item} fetch={engine.fetch} />);
    expect(container).toBeEmptyDOMElement();
    const ids = ['1', '2', '3', '4', '5'];
    render(<RecentlyViewed ids={ids} visible={4} productsUrl="http://shop.test/api/products" fetch={engine.fetch} renderItem={item} transitionMs={0} />);
    const region = await screen.findByRole('region', { name: 'Recently viewed' });
    const prev = within(region).getByRole('button', { name: 'Previous' });
    const next = within(region).getByRole('button', { name: 'Next' });
    expect(prev).toHaveAttribute('aria-disabled', 'true');
    expect(within(region).getAllByRole('link')).toHaveLength(4);
    await userEvent.click(next);
    await vi.waitFor(() => expect(prev).toHaveAttribute('aria-disabled', 'false'));
    expect(next).toHaveAttribute('aria-disabled', 'true');
  });

  it('renders nothing when the products call fails', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('offline')));
    const { container } = render(<RecentlyViewed ids={['1']} fetch={fetch} renderItem={item} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
