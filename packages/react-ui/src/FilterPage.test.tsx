import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFilterController } from '@pkg/core-filter';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterPage } from './FilterPage';
import { demoEngine, testSettings } from './test-utils/demo-shop';

const engine = demoEngine();
const controllers: Array<{ destroy(): void }> = [];
afterEach(() => controllers.splice(0).forEach((c) => c.destroy()));

function started() {
  const controller = createFilterController({
    settings: testSettings,
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
});
