import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFetchTransport, createFilterControllerWith, listKind, rangeKind, type FilterController, type LeanFilterController, type Product } from '@pkg/core-filter';
import { Price } from './Price';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollectionHeader } from './CollectionHeader';
import { FilterProvider } from './filter-context';
import { InfiniteScroll, LoadPrevious } from './InfiniteScroll';
import { MostPopular } from './MostPopular';
import { ProductCard, ProductList } from './ProductList';
import { ProductSlider } from './ProductSlider';
import { RefineByContainer } from './RefineByContainer';
import { Toolbar } from './Toolbar';
import { createEngine } from '@pkg/engine';
import { demoController, demoEngine, lumaCatalog } from './test-utils/demo-shop';

const engineTransport = () => createFetchTransport({ fetch: (input, init) => demoEngine().fetch(input, init) });
const fakeProducts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, title: `P${i + 1}` }) as unknown as Product);

describe('ProductSlider', () => {
  it('[S4.22] index 0 disables previous, the last position disables next, and a shift waits for the last to settle', async () => {
    const user = userEvent.setup();
    // 600 ms: long enough that the second click lands inside the shift on a loaded machine (at 30
    // ms it sometimes landed after it settled and moved the window again).
    render(<ProductSlider title="Most popular" products={fakeProducts(6)} visible={4} transitionMs={600} renderItem={(p) => <span>{p.title}</span>} />);
    const prev = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(prev).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'false');
    await user.click(next);
    expect(next).toHaveAttribute('aria-disabled', 'true'); // shifting: blocked until it settles
    await user.click(next); // ignored while shifting
    expect(screen.getByText('P2')).toBeVisible();
    expect(screen.queryByText('P1')).toBeNull();
    await waitFor(() => expect(prev).toHaveAttribute('aria-disabled', 'false'), { timeout: 3000 });
    await user.click(next);
    await waitFor(() => expect(screen.getByText('P6')).toBeVisible(), { timeout: 3000 });
    await waitFor(() => expect(prev).toHaveAttribute('aria-disabled', 'false'), { timeout: 3000 });
    expect(next).toHaveAttribute('aria-disabled', 'true');
  });

  it('[S4.22, S9.17] navigation is disabled when every item fits, and nothing renders without products', () => {
    const { rerender, container } = render(<ProductSlider title="Most popular" products={fakeProducts(3)} renderItem={(p) => <span>{p.title}</span>} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    rerender(<ProductSlider title="Most popular" products={[]} renderItem={() => null} />);
    expect(container.innerHTML).toBe('');
  });

  it('[S9.17] a pointer drag on the track shifts one slide past 50 px, snaps back below it, and overshoots a shut end by at most 20% of a slide', async () => {
    render(<ProductSlider title="Most popular" products={fakeProducts(6)} visible={4} transitionMs={30} renderItem={(p) => <span>{p.title}</span>} />);
    const track = screen.getAllByRole('listitem')[0]!.parentElement!;
    // jsdom lays nothing out: each slide is given 200 px.
    for (const li of screen.getAllByRole('listitem')) li.getBoundingClientRect = () => ({ width: 200 }) as DOMRect;
    const drag = (from: number, to: number, release = true) => {
      fireEvent.pointerDown(track, { pointerId: 1, button: 0, clientX: from });
      fireEvent.pointerMove(track, { pointerId: 1, clientX: to });
      if (release) fireEvent.pointerUp(track, { pointerId: 1, clientX: to });
    };
    const first = () => screen.getAllByRole('listitem')[0]!.textContent;
    // Towards the shut start: the track follows only 40 px (20% of 200), and nothing shifts.
    drag(300, 500, false);
    expect(track.style.transform).toBe('translateX(40px)');
    fireEvent.pointerUp(track, { pointerId: 1, clientX: 500 });
    expect(track.style.transform).toBe('');
    expect(first()).toBe('P1');
    // 50 px to the left: not past the threshold, it snaps back.
    drag(300, 250);
    expect(first()).toBe('P1');
    // 80 px to the left: the next slide.
    drag(300, 220);
    expect(first()).toBe('P2');
  });

  it('[S9.17] right to left (dir=rtl), the drag is mirrored: a drag to the right shows the next slides, the shift comes from the left, and the shut start overshoots to the left', () => {
    render(
      <div dir="rtl">
        <ProductSlider title="Most popular" products={fakeProducts(6)} visible={4} transitionMs={30} renderItem={(p) => <span>{p.title}</span>} />
      </div>,
    );
    const track = screen.getAllByRole('listitem')[0]!.parentElement!;
    for (const li of screen.getAllByRole('listitem')) li.getBoundingClientRect = () => ({ width: 200 }) as DOMRect;
    const first = () => screen.getAllByRole('listitem')[0]!.textContent;
    // Towards the shut start, which lies to the left: the track follows only 40 px.
    fireEvent.pointerDown(track, { pointerId: 1, button: 0, clientX: 300 });
    fireEvent.pointerMove(track, { pointerId: 1, clientX: 100 });
    expect(track.style.transform).toBe('translateX(-40px)');
    fireEvent.pointerUp(track, { pointerId: 1, clientX: 100 });
    expect(first()).toBe('P1');
    // 80 px to the right: the next slide, animated in from the left (direction -1).
    fireEvent.pointerDown(track, { pointerId: 1, button: 0, clientX: 300 });
    fireEvent.pointerMove(track, { pointerId: 1, clientX: 380 });
    expect(track.style.transform).toBe('translateX(80px)');
    fireEvent.pointerUp(track, { pointerId: 1, clientX: 380 });
    expect(first()).toBe('P2');
    expect(track.style.getPropertyValue('--pkg-slider-direction')).toBe('-1');
  });

  it('[S4.22] keeps the keyboard focus on a button that shuts while the slider shifts or reaches the end', async () => {
    const user = userEvent.setup();
    render(<ProductSlider title="Most popular" products={fakeProducts(5)} visible={4} transitionMs={30} renderItem={(p) => <span>{p.title}</span>} />);
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}'); // at the end now: nothing moves
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'false'));
    expect(next).toHaveFocus();
    expect(screen.getByText('P5')).toBeVisible();
  });
});

describe('connected listing parts over the demo engine', () => {
  it('says "Out of stock" in words on sold-out products (the shop\'s label), not only by dimming the photo', async () => {
    const { controller } = demoController('/collections/all?pf_st_stock=out-of-stock', { labels: { outOfStock: 'Sold out' } });
    const { container } = render(
      <FilterProvider controller={controller}>
        <ProductList />
      </FilterProvider>,
    );
    await act(() => controller.init());
    const cards = [...container.querySelectorAll('.pkg-product')];
    expect(cards.length).toBeGreaterThan(0);
    expect(controller.getSnapshot().products.every((p) => !p.available)).toBe(true);
    expect(cards.map((c) => c.querySelector('.pkg-product__sold-out')?.textContent)).toEqual(cards.map(() => 'Sold out'));
    const first = controller.getSnapshot().products[0]!;
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: first.title })).toHaveAttribute('href', `/products/${first.handle}`);
    // S2.11: the vendor's name links to its vendor page.
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: first.vendor })).toHaveAttribute('href', `/collections/vendors?q=${encodeURIComponent(first.vendor)}`);
  });

  it('[S1.7] rounds product prices by the rule of the shown currency, keyed in any case', async () => {
    const { controller } = demoController('/collections/all', { shop: { money_format: '{{amount}}', currency: 'USD' }, general: { current_currency: 'EUR' }, filter: { multiCurrency: true, currencyRoundingRules: { eur: 0.95 } } });
    const { container } = render(
      <FilterProvider controller={controller}>
        <ProductList />
      </FilterProvider>,
    );
    await act(() => controller.init());
    const prices = [...container.querySelectorAll('.pkg-price__current')].map((e) => e.textContent ?? '');
    expect(prices.length).toBeGreaterThan(0);
    // Every price (and each end of a range) ends in .95, whatever the product's own cents.
    for (const p of prices) for (const amount of p.match(/[\d,]+\.\d\d/g) ?? []) expect(amount).toMatch(/\.95$/);
    expect(controller.getSnapshot().products.some((p) => p.priceMin !== null && !String(p.priceMin).endsWith('.95'))).toBe(true);
  });

  it('[S1.5, S1.7] a Price under a lean controller (no conversion in its reader) is in the shop\'s currency; under the full one in the shopper\'s with its rule', async () => {
    // In-browser conversion at 0.5 into euros, rounded to .95: the lean reader shows the engine's dollars as they are.
    const settings = { api: { filterUrl: 'http://shop.test/api/filter' }, shop: { money_format: '{{amount}}', currency: 'USD' }, general: { current_currency: 'EUR', currency_rate: 0.5 }, filter: { retries: 0, multiCurrency: true, convertPriceInBrowser: true, currencyRoundingRules: { eur: 0.95 } } };
    const lean = createFilterControllerWith([listKind, rangeKind], { settings, transport: engineTransport(), location: { pathname: '/collections/all', search: '' }, window: null, sessionStorage: null });
    await lean.init();
    const [first] = lean.getSnapshot().products as { price_min: number }[];
    if (!first) throw new Error('no product');
    // FilterProvider is typed for controllers of Products with the view part; a page in plain JavaScript can still give it a lean one.
    const shown = (controller: LeanFilterController<unknown>, amount: number) => {
      const { container, unmount } = render(
        <FilterProvider controller={controller as unknown as FilterController}>
          <Price amount={amount} moneyFormat="{{amount}}" />
        </FilterProvider>,
      );
      const text = container.textContent;
      unmount();
      return text;
    };
    expect(lean.moneyOptions).toEqual({ currency: 'USD' });
    expect(shown(lean, 12.3)).toBe('12.30');
    expect(shown(lean, first.price_min)).toBe(first.price_min.toFixed(2));
    const { controller: full } = demoController('/collections/all', settings);
    expect(full.moneyOptions).toEqual({ currency: 'EUR', rounding: 0.95 });
    expect(shown(full, 12.3)).toBe('12.95');
    lean.destroy();
    full.destroy();
  });

  it('keeps the image frame of a product without a photo, hidden from assistive technology', () => {
    const product = { id: 1, title: 'No photo', handle: 'no-photo', vendor: '', available: true, featuredImage: '', priceMin: null, priceMax: null, compareAtPriceMin: null } as unknown as Product;
    const { container } = render(<ProductCard product={product} url="/products/no-photo" position={0} display="grid" moneyFormat="${{amount}}" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.pkg-product__image--none')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('.pkg-product__sold-out')).toBeNull();
  });

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

  it('[S7.5] the most-popular slider\'s title is the shop\'s mostPopular text, for its locale, when none is given', async () => {
    const { controller } = demoController('/collections/women', { general: { current_locale: 'fr' }, labelTranslations: { fr: { mostPopular: 'Les plus vendus' } } });
    render(
      <FilterProvider controller={controller}>
        <MostPopular transport={engineTransport()} />
      </FilterProvider>,
    );
    expect((await screen.findByRole('region', { name: 'Les plus vendus' })).querySelectorAll('article').length).toBe(4);
  });

  it('[S1.7] the most-popular slider shows its prices rounded by the rule of the shown currency (keyed in any case)', async () => {
    const { controller } = demoController('/collections/all', { shop: { money_format: '{{amount}}', currency: 'USD' }, general: { current_currency: 'EUR' }, filter: { multiCurrency: true, currencyRoundingRules: { eur: 0.95 } } });
    render(
      <FilterProvider controller={controller}>
        <MostPopular transport={engineTransport()} />
      </FilterProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Most popular' });
    const prices = [...region.querySelectorAll('.pkg-price__current')].map((e) => e.textContent ?? '');
    expect(prices.length).toBe(4);
    for (const p of prices) for (const amount of p.match(/[\d,]+\.\d\d/g) ?? []) expect(amount).toMatch(/\.95$/);
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

});

/**
 * jsdom has no layout: every element is 10,000 px down the page until `placeAt` puts it `top` px
 * from the viewport's top.
 */
const places = new WeakMap<Element, { top: number | (() => number); height: number }>();
const placeAt = (el: Element, top: number | (() => number), height = 1) => places.set(el, { top, height });
const stubLayout = () =>
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const place = places.get(this) ?? { top: 10_000, height: 1 };
    const top = typeof place.top === 'function' ? place.top() : place.top;
    const { height } = place;
    return { top, bottom: top + height, left: 0, right: 0, width: 0, height, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
/** The page is `height` px tall and scrolled to `y` (jsdom's window is 768 px high). */
const scrollPage = (y: number, height = 5000) => {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
};
/** Fake timers, and animation frames on them (jsdom's window has its own, on real time). */
const fakeClock = () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => setTimeout(() => cb(0), 16) as unknown as number);
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => clearTimeout(id));
  stubLayout();
};
const fireScroll = async () => {
  window.dispatchEvent(new Event('scroll'));
  await act(() => vi.advanceTimersByTimeAsync(16)); // the animation frame
};

/** An infinite-scroll listing over the demo engine, on a fake clock, its first page loaded and settled. */
async function infiniteListing() {
  fakeClock();
  const { controller, requests } = demoController('/collections/all', { filter: { paginationType: 'infinite' } });
  scrollPage(0);
  const { container } = render(
    <FilterProvider controller={controller}>
      <ProductList />
      <InfiniteScroll />
    </FilterProvider>,
  );
  await act(() => controller.init());
  await act(() => vi.advanceTimersByTimeAsync(250)); // the first page's F9.4 settle time
  return { controller, requests, container, sentinel: () => container.querySelector('.pkg-infinite-scroll')! };
}

describe('variants and banners in the listing, over the demo engine', () => {
  it('[S3.1] a card shows the image of the variant that has both selected options', async () => {
    const { controller } = demoController('/collections/all?pf_opt_color=Orange&pf_opt_size=XS');
    const { container } = render(
      <FilterProvider controller={controller}>
        <ProductList />
      </FilterProvider>,
    );
    await act(() => controller.init());
    const products = controller.getSnapshot().products;
    expect(products.length).toBeGreaterThan(0);
    const images = [...container.querySelectorAll('.pkg-product__image')].map((img) => img.getAttribute('src'));
    products.forEach((p, i) => {
      const v = p.variants.find((x) => x.id === p.variantId);
      expect(v?.options.option_color).toBe('Orange');
      expect(v?.options.option_size).toBe('XS');
      if (v?.image) expect(images[i]).toBe(v.image);
    });
    // The hoodie's first image is black; the card shows the orange variant's.
    expect(images.some((src) => src?.includes('orange'))).toBe(true);
  });

  it('with the owner\'s showVariantImageBasedOnSelectedFilter (filter.variantImageOption), a card shows the selected value\'s variant image even when the answer names no variant', async () => {
    // A service answer without variant_id: only the setting picks the blue variant's image.
    const answer = { total_product: 1, products: [{ id: 1, title: 'Tee', handle: 'tee', images_info: [{ src: 'https://cdn.example/tee.jpg' }], variants: [
      { id: 11, merged_options: ['color:Red'], image: 'https://cdn.example/red.jpg', price: '10', available: true },
      { id: 12, merged_options: ['color:Blue'], image: 'https://cdn.example/blue.jpg', price: '10', available: true },
    ] }], filter: { options: [] } };
    const shown = async (filter: Record<string, unknown>) => {
      const { createFilterController } = await import('@pkg/core-filter');
      const controller = createFilterController({
        settings: { api: { filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'x', money_format: '${{amount}}' }, filter: { transport: 'fetch', ...filter } },
        location: { pathname: '/collections/all', search: '?pf_opt_color=Blue' },
        window: null,
        fetch: async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
      });
      const view = render(
        <FilterProvider controller={controller}>
          <ProductList />
        </FilterProvider>,
      );
      await act(() => controller.init());
      const src = view.container.querySelector('.pkg-product__image')?.getAttribute('src');
      view.unmount();
      return src;
    };
    expect(await shown({ variantImageOption: 'pf_opt_color' })).toBe('https://cdn.example/blue.jpg');
    expect(await shown({})).toBe('https://cdn.example/tee.jpg');
  });

  it('offers the owner\'s extra sorts (filter.extraSortingList) after the list, with their texts, and sends the one chosen', async () => {
    const { controller, requests } = demoController('/collections/all?sort=manual', { filter: { sortingList: ['manual', 'price-ascending'], extraSortingList: ['sale-descending', 'stock-descending'] }, labels: { sorting: { 'stock-descending': 'In stock first' } } });
    render(
      <FilterProvider controller={controller}>
        <Toolbar />
      </FilterProvider>,
    );
    await act(() => controller.init());
    const select = screen.getByRole('combobox', { name: 'Sort By' });
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([['manual', 'Featured'], ['price-ascending', 'Price, low to high'], ['sale-descending', 'Sale, high to low'], ['stock-descending', 'In stock first']]);
    await userEvent.selectOptions(select, 'sale-descending');
    await waitFor(() => expect(requests.at(-1)).toContain('sort=sale-descending'));
  });

  it('shows banners at their position across pages as named links, not as products', async () => {
    const e = createEngine(lumaCatalog(), {
      merchandising: { rules: [
        { id: 'first', collection: 'all', banner: { position: 1, text: 'Autumn <b>sale</b>', link: '/collections/sale' } },
        { id: 'hoodie-week', collection: 'all', banner: { position: 5, image: '/images/banner.jpg', link: '/pages/hoodies' } },
      ] },
    });
    const { controller } = demoController('/collections/all', { filter: { limit: 3 } }, e);
    const { container } = render(
      <FilterProvider controller={controller}>
        <ProductList />
      </FilterProvider>,
    );
    await act(() => controller.init());
    const list = container.querySelector('.pkg-product-list') as HTMLElement;
    const kinds = () => [...list.children].map((li) => (li.classList.contains('pkg-product-list__banner') ? li.getAttribute('data-banner-id') : 'product'));
    expect(kinds()).toEqual(['first', 'product', 'product', 'product']);
    // The text is text (no markup made of it), and the banner is a link named by it.
    expect(within(list).getByRole('link', { name: 'Autumn <b>sale</b>' })).toHaveAttribute('href', '/collections/sale');
    expect(list.querySelector('b')).toBeNull();
    expect(list.querySelectorAll('[data-product-id]')).toHaveLength(3);
    // Page 2 holds products 4 to 6: the image banner before product 5, named by its id in words.
    await act(() => controller.setPage(2));
    expect(kinds()).toEqual(['product', 'hoodie-week', 'product', 'product']);
    expect(within(list).getByRole('link', { name: 'hoodie week' })).toHaveAttribute('href', '/pages/hoodies');
  });
});

describe('infinite scroll and load previous', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    scrollPage(0, 0);
  });

  it('[S4.13, S9.6] appends the next page when the end of the list comes within 700 px below the viewport bottom, not before', async () => {
    const { requests, container, sentinel } = await infiniteListing();
    const first = container.querySelectorAll('article').length;
    const sent = requests.length;
    placeAt(sentinel(), 768 + 701);
    await fireScroll();
    expect(requests.length).toBe(sent); // 701 px below the fold: not yet
    placeAt(sentinel(), 768 + 700);
    await fireScroll();
    expect(requests.length).toBe(sent + 1);
    expect(new URL(requests.at(-1)!).searchParams.get('page')).toBe('2');
    await fireScroll(); // loading: never a second request
    expect(requests.length).toBe(sent + 1);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(container.querySelectorAll('article').length).toBeGreaterThan(first);
  });

  it('[S9.16, F9.4] loads when the page is scrolled within 100 px of its end, and the loading class stays 200 ms after the page arrived, with no load meanwhile', async () => {
    const { controller, requests, sentinel } = await infiniteListing();
    placeAt(sentinel(), 20000); // the sentinel is far below: only the page's end can trigger
    const sent = requests.length;
    scrollPage(5000 - 768 - 101);
    await fireScroll();
    expect(requests.length).toBe(sent); // 101 px from the end
    scrollPage(5000 - 768 - 100);
    await fireScroll();
    expect(requests.length).toBe(sent + 1); // within 100 px
    await act(() => vi.advanceTimersByTimeAsync(0)); // the answer arrives (in-process engine)
    expect(controller.getSnapshot().loading.more).toBe(false);
    expect(sentinel().classList.contains('pkg-infinite-scroll--loading')).toBe(true);
    placeAt(sentinel(), 0); // in view, but the page just arrived
    await act(() => vi.advanceTimersByTimeAsync(150));
    await fireScroll();
    expect(requests.length).toBe(sent + 1);
    await act(() => vi.advanceTimersByTimeAsync(33)); // 199 ms after the answer
    expect(requests.length).toBe(sent + 1);
    expect(sentinel().classList.contains('pkg-infinite-scroll--loading')).toBe(true);
    placeAt(sentinel(), 20000);
    scrollPage(0); // nothing in view any more: nothing should load when the 200 ms are over
    await act(() => vi.advanceTimersByTimeAsync(2)); // 201 ms
    expect(sentinel().classList.contains('pkg-infinite-scroll--loading')).toBe(false);
    expect(requests.length).toBe(sent + 1);
    placeAt(sentinel(), 0);
    await fireScroll();
    expect(requests.length).toBe(sent + 2); // now the next page loads
  });

  it('[F9.4, S9.17] the slider shift animates for 300 ms and blocks further shifts for exactly that long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<ProductSlider title="Most popular" products={fakeProducts(8)} visible={4} renderItem={(p) => <span>{p.title}</span>} />);
    const next = screen.getByRole('button', { name: 'Next' });
    const track = screen.getByRole('list');
    expect(track.style.getPropertyValue('--pkg-slider-duration')).toBe('300ms');
    act(() => next.click());
    expect(track.classList.contains('pkg-slider__track--shifting')).toBe(true);
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(next).toHaveAttribute('aria-disabled', 'false');
    expect(track.classList.contains('pkg-slider__track--shifting')).toBe(false);
  });

  it('[S4.14, S9.16] opened at page 3: scrolling up to the list top loads page 2 after 200 ms and keeps the products in view; the button loads page 1 and then hides', async () => {
    fakeClock();
    const { controller, requests } = demoController('/collections/all?page=3', { filter: { paginationType: 'infinite', loadPreviousPage: true, limit: 12 } });
    scrollPage(600);
    const scrolledBy: number[] = [];
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(((_x: number, y: number) => void scrolledBy.push(y)) as typeof window.scrollBy);
    const { container } = render(
      <FilterProvider controller={controller}>
        <LoadPrevious />
        <ProductList />
      </FilterProvider>,
    );
    await act(() => controller.init());
    const top = () => container.querySelector('.pkg-load-previous')!;
    expect(container.querySelector('.pkg-product__title')?.textContent).toBe(controller.getSnapshot().products[0]!.title);
    const firstOfPage3 = controller.getSnapshot().products[0]!.id;
    await act(() => vi.advanceTimersByTimeAsync(250));
    const sent = requests.length;
    placeAt(top(), -150, 40); // the list's top is 110 px above the view
    scrollPage(500);
    await fireScroll(); // up, but not near enough
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(requests.length).toBe(sent);
    placeAt(top(), -140, 40); // 100 px above the view
    scrollPage(490);
    await fireScroll();
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(requests.length).toBe(sent); // waits 200 ms
    // Product items are 50 px tall, in a page scrolled to 490 px: each one is where its index puts it.
    const item = container.querySelector('.pkg-product-list')!.firstElementChild!;
    placeAt(item, () => [...item.parentElement!.children].indexOf(item) * 50 - 490);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests.length).toBe(sent + 1);
    expect(new URL(requests.at(-1)!).searchParams.get('page')).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(0));
    const products = controller.getSnapshot().products;
    expect(products.findIndex((p) => p.id === firstOfPage3)).toBe(12); // page 2 above page 3
    expect(scrolledBy).toEqual([12 * 50]); // scrolled down by the inserted height: page 3 stays in view
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Load previous page' }));
    await waitFor(() => expect(controller.getSnapshot().products.length).toBe(36));
    expect(new URL(requests.at(-1)!).searchParams.get('page')).toBe('1');
    expect(top()).toBeNull(); // below page 2: hidden
    scrollBy.mockRestore();
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

describe('ProductList with the theme product view', () => {
  it('[S7.4] renders each product as the theme\'s own HTML, fetched 20 handles a call from the view, through SafeHtml', async () => {
    const { controller } = demoController('/collections/all', { filter: { themeProductView: 'boost-pfs-product-item' } });
    await act(() => controller.init());
    await act(() => controller.setLimit(24));
    const asked: string[] = [];
    const transport = createFetchTransport({ fetch: (input, init) => (asked.push(String(input)), demoEngine().fetch(input, init)) });
    const { container } = render(
      <FilterProvider controller={controller}>
        <ProductList themeTransport={transport} />
      </FilterProvider>,
    );
    await waitFor(() => expect(container.querySelectorAll('.pkg-product-list__item .boost-pfs-product-item')).toHaveLength(24));
    expect(container.querySelector('.pkg-product')).toBeNull();
    expect(container.querySelector('.pkg-product-list')).toHaveAttribute('aria-busy', 'false');
    expect(asked.map((u) => new URL(u, 'http://x').searchParams.get('view'))).toEqual(['boost-pfs-product-item', 'boost-pfs-product-item']);
    expect(asked.map((u) => decodeURIComponent(new URL(u, 'http://x').pathname).split('/').pop()?.split('+').length)).toEqual([20, 4]);
    const first = controller.getSnapshot().products[0]!;
    expect(container.querySelector('.pkg-product-list__item .boost-pfs-product-title')?.textContent).toBe(first.title);
  });

  it('[S7.4, S8.6] a product the view has no HTML for (or a failed call) gets the default card', async () => {
    const { controller } = demoController('/collections/all', { filter: { themeProductView: 'boost-pfs-product-item' } });
    await act(() => controller.init());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const transport = createFetchTransport({ fetch: async () => ({ ok: true, status: 200, text: async () => '{not json' }) });
    const { container } = render(
      <FilterProvider controller={controller}>
        <ProductList themeTransport={transport} />
      </FilterProvider>,
    );
    await waitFor(() => expect(container.querySelectorAll('.pkg-product-list__item .pkg-product').length).toBeGreaterThan(0));
    expect(container.querySelector('.boost-pfs-product-item')).toBeNull();
    warn.mockRestore();
  });
});
