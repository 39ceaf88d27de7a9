import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFetchTransport, type Product } from '@pkg/core-filter';
import { describe, expect, it } from 'vitest';
import { CollectionHeader } from './CollectionHeader';
import { FilterProvider } from './filter-context';
import { InfiniteScroll } from './InfiniteScroll';
import { MostPopular } from './MostPopular';
import { ProductList } from './ProductList';
import { ProductSlider } from './ProductSlider';
import { RefineByContainer } from './RefineByContainer';
import { demoController, demoEngine } from './test-utils/demo-shop';

const engineTransport = () => createFetchTransport({ fetch: (input, init) => demoEngine().fetch(input, init) });
const fakeProducts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `P${i + 1}` }) as unknown as Product);

describe('ProductSlider', () => {
  it('[S4.22] index 0 disables previous, the last position disables next, and a shift waits for the last to settle', async () => {
    const user = userEvent.setup();
    render(<ProductSlider title="Most popular" products={fakeProducts(6)} visible={4} transitionMs={30} renderItem={(p) => <span>{p.title}</span>} />);
    const prev = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();
    await user.click(next);
    expect(next).toBeDisabled(); // shifting: blocked until it settles
    await waitFor(() => expect(prev).toBeEnabled());
    await user.click(next);
    await waitFor(() => expect(screen.getByText('P6')).toBeVisible());
    await waitFor(() => expect(prev).toBeEnabled());
    expect(next).toBeDisabled();
  });

  it('[S4.22, S9.17] navigation is disabled when every item fits, and nothing renders without products', () => {
    const { rerender, container } = render(<ProductSlider title="Most popular" products={fakeProducts(3)} renderItem={(p) => <span>{p.title}</span>} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    rerender(<ProductSlider title="Most popular" products={[]} renderItem={() => null} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('connected listing parts over the demo engine', () => {
  it('[S4.22, S7.5] the most-popular slider shows best sellers from the engine', async () => {
    const { controller } = demoController('/collections/women');
    render(
      <FilterProvider controller={controller}>
        <MostPopular transport={engineTransport()} />
      </FilterProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Most popular' });
    expect(region.querySelectorAll('article').length).toBe(4);
  });

  it('[S2.24, S7.3] the collection header shows the title, breadcrumb and description of the collection', async () => {
    const { controller } = demoController('/collections/women');
    render(
      <FilterProvider controller={controller}>
        <CollectionHeader transport={engineTransport()} />
      </FilterProvider>,
    );
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Women');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('HomeWomen');
  });

  it('[F2.5] refine-by renders in its own container', async () => {
    const { controller } = demoController('/collections/all?pf_opt_size=M');
    render(
      <FilterProvider controller={controller}>
        <RefineByContainer />
      </FilterProvider>,
    );
    await act(() => controller.init());
    expect(await screen.findByRole('button', { name: /Size: M/ })).toBeVisible();
  });

  it('[S4.13] infinite scroll appends the next page when the sentinel nears the viewport, never while loading', async () => {
    const { controller, requests } = demoController('/collections/all', { filter: { paginationType: 'infinite' } });
    const observers: Array<{ cb: IntersectionObserverCallback; disconnected: boolean }> = [];
    class FakeObserver {
      entry: { cb: IntersectionObserverCallback; disconnected: boolean };
      constructor(cb: IntersectionObserverCallback) {
        this.entry = { cb, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    }
    const { container } = render(
      <FilterProvider controller={controller}>
        <ProductList />
        <InfiniteScroll IntersectionObserver={FakeObserver as unknown as typeof IntersectionObserver} />
      </FilterProvider>,
    );
    await act(() => controller.init());
    const first = container.querySelectorAll('article').length;
    const live = observers.filter((o) => !o.disconnected);
    expect(live).toHaveLength(1);
    act(() => live[0]!.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await waitFor(() => expect(container.querySelectorAll('article').length).toBeGreaterThan(first));
    expect(new URL(requests.at(-1)!).searchParams.get('page')).toBe('2');
  });
});

describe('scroll restore', () => {
  it('[S4.15] scrolls back to the product clicked last when the shopper returns to the same address, once', async () => {
    const session = new Map<string, string>();
    const sessionStorage = { getItem: (k: string) => session.get(k) ?? null, setItem: (k: string, v: string) => void session.set(k, v), removeItem: (k: string) => void session.delete(k) };
    const { createFilterController } = await import('@pkg/core-filter');
    const engine = demoEngine();
    const make = () =>
      createFilterController({
        settings: { api: { filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'x', money_format: '${{amount}}' }, filter: { transport: 'fetch' } },
        location: { pathname: '/collections/all', search: '' },
        window: null,
        sessionStorage,
        fetch: (input, init) => engine.fetch(input, init),
      });
    const scrolls: number[] = [];
    const win = { scrollY: 0, scrollTo: (_x: number, y: number) => void scrolls.push(y), location: { pathname: '/collections/all', search: '' } } as never;
    const a = make();
    const view = render(
      <FilterProvider controller={a}>
        <ProductList window={win} />
      </FilterProvider>,
    );
    await act(() => a.init());
    await waitFor(() => expect(view.container.querySelectorAll('article').length).toBeGreaterThan(3));
    const third = view.container.querySelectorAll<HTMLAnchorElement>('.pkg-product__link')[2]!;
    third.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(third);
    expect(scrolls).toEqual([]);
    view.unmount();
    // The shopper comes back: a new page load over the same session storage.
    const b = make();
    const again = render(
      <FilterProvider controller={b}>
        <ProductList window={win} />
      </FilterProvider>,
    );
    await act(() => b.init());
    await waitFor(() => expect(scrolls).toHaveLength(1));
    expect(session.has('pkg-core-filter:scroll')).toBe(false);
    again.unmount();
  });
});
