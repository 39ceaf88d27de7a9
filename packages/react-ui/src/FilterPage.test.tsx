import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFilterController } from '@pkg/core-filter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterPage } from './FilterPage';
import { demoEngine, testSettings } from './test-utils/demo-shop';

const engine = demoEngine();
const controllers: Array<{ destroy(): void }> = [];
afterEach(() => controllers.splice(0).forEach((c) => c.destroy()));

function started(settings = testSettings) {
  const controller = createFilterController({
    settings,
    location: { pathname: '/collections/all', search: '' },
    window: null,
    fetch: (input, init) => engine.fetch(input, init),
  });
  controllers.push(controller);
  return controller;
}

const total = (root: HTMLElement) => Number((root.querySelector('.pkg-toolbar__total')?.textContent ?? '').split(' ')[0]);

describe('FilterPage', () => {
  it('renders the tree beside the product area (toolbar, listing, pagination) and adds no landmark of its own', async () => {
    const controller = started();
    const { container } = render(
      <main>
        <FilterPage controller={controller} className="shop" toolbar={{ showSearch: true }} top={<h1>All products</h1>}>
          <p data-testid="after">after</p>
        </FilterPage>
      </main>,
    );
    await act(() => controller.init());
    await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
    const page = container.querySelector('.pkg-filter-page')!;
    expect(page.classList.contains('shop')).toBe(true);
    // The tree, then the product area.
    const [tree, products] = Array.from(page.children);
    expect(tree!.classList.contains('pkg-filter-tree')).toBe(true);
    expect(products!.className).toBe('pkg-filter-page__products');
    // The product area in order: the top slot, toolbar, listing, pagination, the children.
    const order = ['h1', '.pkg-toolbar', '.pkg-product-list', 'nav[aria-label="Pagination"]', '[data-testid="after"]'].map((sel) => products!.querySelector(sel));
    expect(order.every(Boolean)).toBe(true);
    for (let i = 1; i < order.length; i++) expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The toolbar's props reach it: the in-collection search box.
    expect(within(products as HTMLElement).getByRole('searchbox')).toBeTruthy();
    // The theme's <main> stays the only main landmark; the page adds no region, aside or main.
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(page.querySelectorAll('main, aside, section[aria-label], [role="region"], [role="main"], [role="complementary"]')).toHaveLength(0);
  });

  it('gives its parts the controller: picking a value in the tree narrows the listing beside it', async () => {
    const controller = started();
    const { container } = render(<FilterPage controller={controller} />);
    await act(() => controller.init());
    await waitFor(() => expect(total(container)).toBeGreaterThan(0));
    const before = total(container);
    const tree = container.querySelector<HTMLElement>('.pkg-filter-tree')!;
    await userEvent.click(within(tree).getAllByRole('checkbox')[0]!);
    await waitFor(() => expect(total(container)).toBeLessThan(before));
    expect(container.querySelectorAll('.pkg-product-list__item').length).toBeLessThanOrEqual(total(container));
  });

  it('tells screen readers the product count after each change in a polite live region, in its own words or not at all', async () => {
    const controller = started();
    const { container, unmount } = render(<FilterPage controller={controller} announcer={{ template: '{{ count }} items' }} />);
    await act(() => controller.init());
    await waitFor(() => expect(total(container)).toBeGreaterThan(0));
    const region = within(container).getByRole('status');
    expect([region.getAttribute('aria-live'), region.getAttribute('aria-atomic')]).toEqual(['polite', 'true']);
    expect(region.textContent).toBe(`${total(container)} items`);
    const before = total(container);
    await userEvent.click(within(container.querySelector<HTMLElement>('.pkg-filter-tree')!).getAllByRole('checkbox')[0]!);
    await waitFor(() => expect(total(container)).toBeLessThan(before));
    expect(region.textContent).toBe(`${total(container)} items`);
    unmount();

    const quiet = started();
    const page = render(<FilterPage controller={quiet} announcer={false} />);
    await act(() => quiet.init());
    await waitFor(() => expect(total(page.container)).toBeGreaterThan(0));
    expect(within(page.container).queryByRole('status')).toBeNull();
  });

  it("[S4.13, S4.14] follows the shop's pagination type: page links, a load-more button, or infinite scroll with load-previous above the list", async () => {
    const pageWith = async (filter: object, search = '') => {
      const controller = createFilterController({
        settings: { ...testSettings, filter: { ...testSettings.filter, ...filter } },
        location: { pathname: '/collections/all', search },
        window: null,
        sessionStorage: null,
        fetch: (input, init) => engine.fetch(input, init),
      });
      controllers.push(controller);
      const view = render(<FilterPage controller={controller} />);
      await act(() => controller.init());
      await waitFor(() => expect(total(view.container)).toBeGreaterThan(0));
      return { ...view, controller };
    };
    const links = await pageWith({ paginationType: 'default' });
    expect(within(links.container).getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    expect(links.container.querySelector('.pkg-infinite-scroll')).toBeNull();
    links.unmount();

    const more = await pageWith({ paginationType: 'load_more' });
    const shown = more.container.querySelectorAll('.pkg-product-list__item').length;
    await userEvent.click(within(more.container).getByRole('button', { name: /load more/i }));
    await waitFor(() => expect(more.container.querySelectorAll('.pkg-product-list__item').length).toBeGreaterThan(shown));
    more.unmount();

    // Infinite scroll from page 3 with earlier pages on: the sentinel after the list, the
    // load-previous button just before it.
    const infinite = await pageWith({ paginationType: 'infinite', loadPreviousPage: true }, '?page=3');
    const products = infinite.container.querySelector('.pkg-filter-page__products')!;
    const list = products.querySelector('.pkg-product-list')!;
    expect(list.nextElementSibling?.classList.contains('pkg-infinite-scroll')).toBe(true);
    const previous = within(products as HTMLElement).getByRole('button', { name: /previous/i });
    expect(previous.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const before = infinite.controller.getSnapshot().products.length;
    await userEvent.click(previous);
    await waitFor(() => expect(infinite.controller.getSnapshot().products.length).toBeGreaterThan(before));
  });

  describe('on phones', () => {
    // A viewport of `width` px: `matchMedia` answers `(max-width: Npx)` from it and tells its
    // listeners when the width changes, as a browser does on resize or rotation.
    let width = 1024;
    const lists = new Set<{ query: string; listeners: Set<() => void> }>();
    const resize = (w: number) => {
      width = w;
      for (const l of lists) l.listeners.forEach((f) => f());
    };
    function fakeMatchMedia(query: string) {
      const entry = { query, listeners: new Set<() => void>() };
      lists.add(entry);
      return {
        get matches() {
          const max = /\(max-width: (\d+)px\)/.exec(query);
          return max ? width <= Number(max[1]) : false;
        },
        addEventListener: (_: string, f: () => void) => entry.listeners.add(f),
        removeEventListener: (_: string, f: () => void) => entry.listeners.delete(f),
      } as unknown as MediaQueryList;
    }
    afterEach(() => {
      vi.unstubAllGlobals();
      lists.clear();
      width = 1024;
    });

    it("shows the mobile tree's Filter button instead of the tree beside the products up to the shop's mobileMaxWidth, in its mobile style, and switches back on a wider viewport", async () => {
      vi.stubGlobal('matchMedia', fakeMatchMedia);
      width = 600;
      const controller = started({ ...testSettings, filter: { ...testSettings.filter, mobileMaxWidth: 700, mobileStyle: 'style2' } });
      const { container } = render(<FilterPage controller={controller} top={<h1>All products</h1>} />);
      await act(() => controller.init());
      await waitFor(() => expect(total(container)).toBeGreaterThan(0));
      const page = container.querySelector('.pkg-filter-page')!;
      // No tree beside the products: the page is one column, the tree's toggle sits under the top slot.
      expect(page.classList.contains('pkg-filter-page--phone')).toBe(true);
      expect(page.children).toHaveLength(1);
      const products = container.querySelector<HTMLElement>('.pkg-filter-page__products')!;
      const mobile = products.querySelector('.pkg-mobile-tree')!;
      expect(mobile.classList.contains('pkg-mobile-tree--style2')).toBe(true);
      expect(products.querySelector('h1')!.compareDocumentPosition(mobile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(mobile.compareDocumentPosition(products.querySelector('.pkg-toolbar')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      // Its button opens the tree in a dialog; choosing a value there narrows the listing.
      const before = total(container);
      await userEvent.click(within(mobile as HTMLElement).getByRole('button', { name: 'Filter' }));
      const dialog = screen.getByRole('dialog');
      // style2 lists the options and opens one at a time, with a Back button.
      await userEvent.click(within(dialog).getByRole('button', { name: /^Size/ }));
      expect(within(dialog).getByRole('button', { name: 'Back' })).toBeVisible();
      await userEvent.click(within(dialog).getByRole('checkbox', { name: /^XS/ }));
      await waitFor(() => expect(total(container)).toBeLessThan(before));
      // Wider than mobileMaxWidth: the tree is beside the products again, with the value chosen on the phone.
      act(() => resize(1024));
      expect(page.classList.contains('pkg-filter-page--phone')).toBe(false);
      const tree = page.firstElementChild!;
      expect(tree.classList.contains('pkg-filter-tree')).toBe(true);
      expect(within(tree as HTMLElement).getByRole('checkbox', { name: /^XS/ })).toBeChecked();
      expect(container.querySelector('.pkg-mobile-tree')).toBeNull();
    });

    it('keeps the desktop tree on phones with mobileTree={false}', async () => {
      vi.stubGlobal('matchMedia', fakeMatchMedia);
      width = 375;
      const controller = started();
      const { container } = render(<FilterPage controller={controller} mobileTree={false} />);
      await act(() => controller.init());
      expect(container.querySelector('.pkg-filter-page > .pkg-filter-tree')).not.toBeNull();
      expect(container.querySelector('.pkg-mobile-tree')).toBeNull();
    });
  });
});
