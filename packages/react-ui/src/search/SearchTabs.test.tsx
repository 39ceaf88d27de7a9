import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createSettings, type Transport } from '@pkg/core-filter';
import { createSearchPanels } from '@pkg/suggest';
import { SearchTabs } from './SearchTabs';

const settings = createSettings({ api: { searchUrl: '/api/search' }, filter: { panels: { collections: { label: 'Collections', active: true, pageSize: 2 } } } });
const collections = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, title: `Jackets ${i + 1}`, handle: `jackets-${i + 1}`, body_html: `<p>All <b>jackets</b> ${i + 1}</p>` }));

function setup(tabs: string[] = [], dir?: 'rtl') {
  const asked: Array<{ url: string; page: string }> = [];
  const transport: Transport = async ({ url, params }) => {
    const page = Number(new Map(params).get('page'));
    asked.push({ url, page: String(page) });
    return url.endsWith('/collections') ? { total_collection: 5, collections: collections.slice((page - 1) * 2, page * 2) } : { total_page: 1, pages: [{ id: 9, title: 'About jackets', url: '/pages/about' }] };
  };
  const panels = createSearchPanels({ settings, term: 'jacket', transport });
  panels.update({ eventType: 'init', totalProduct: 12, totalCollection: 5, totalPage: 1, page: 1 });
  render(
    <div dir={dir}>
      <SearchTabs panels={panels} products={<p>the product list</p>} onTabChange={(t) => void tabs.push(String(t))} />
    </div>,
  );
  return { panels, asked };
}

describe('SearchTabs', () => {
  it('[S2.20] a tablist with one tab per panel, each with its label and count, aria-selected and aria-controls', () => {
    setup();
    const list = screen.getByRole('tablist', { name: 'Search results' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Products (12)', 'Collections (5)', 'Pages (1)']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '0');
    expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', tabs[0]!.id);
    expect(panel).toHaveTextContent('the product list');
    expect(panel).toHaveTextContent('Showing 1–12 of 12 results');
  });

  it('[S2.22] clicking a tab shows its panel and hides the others; a first visit fetches it', async () => {
    const tabs: string[] = [];
    const { asked } = setup(tabs);
    await userEvent.click(screen.getByRole('tab', { name: 'Collections (5)' }));
    await act(async () => undefined);
    expect(asked).toEqual([{ url: '/api/search/collections', page: '1' }]);
    expect(tabs).toEqual(['collections']);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Jackets 1' })).toHaveAttribute('href', '/collections/jackets-1');
    expect(panel).toHaveTextContent('All jackets 1');
    expect(panel).toHaveTextContent('Showing 1–2 of 5 results');
    expect(screen.queryByText('the product list')).toBeNull();
  });

  it('[S2.20] the collections panel has its own pagination', async () => {
    const { asked } = setup();
    await userEvent.click(screen.getByRole('tab', { name: 'Collections (5)' }));
    await act(async () => undefined);
    const nav = screen.getByRole('navigation', { name: 'Collections: Pagination' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await act(async () => undefined);
    expect(asked.at(-1)).toEqual({ url: '/api/search/collections', page: '3' });
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Showing 5–5 of 5 results');
    expect(within(screen.getByRole('navigation', { name: 'Collections: Pagination' })).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('arrow keys, Home and End move between tabs, select them and move the focus', async () => {
    setup();
    const [products, cols, pages] = screen.getAllByRole('tab');
    act(() => products!.focus());
    fireEvent.keyDown(products!, { key: 'ArrowRight' });
    expect(cols).toHaveAttribute('aria-selected', 'true');
    expect(cols).toHaveFocus();
    fireEvent.keyDown(cols!, { key: 'End' });
    expect(pages).toHaveFocus();
    fireEvent.keyDown(pages!, { key: 'ArrowRight' });
    expect(products).toHaveFocus(); // wraps
    fireEvent.keyDown(products!, { key: 'ArrowLeft' });
    expect(pages).toHaveFocus();
    fireEvent.keyDown(pages!, { key: 'Home' });
    expect(products).toHaveAttribute('aria-selected', 'true');
    await act(async () => undefined);
  });

  it('in right-to-left text the arrow keys are mirrored', async () => {
    setup([], 'rtl');
    const [products, cols] = screen.getAllByRole('tab');
    act(() => products!.focus());
    fireEvent.keyDown(products!, { key: 'ArrowLeft' });
    expect(cols).toHaveFocus();
    await act(async () => undefined);
  });

  it('[S2.20] the products total line follows the filter paging the caller passes, not the panel page size', () => {
    const panels = createSearchPanels({ settings, term: 'jacket', transport: async () => ({}) });
    panels.update({ eventType: 'init', totalProduct: 40, totalCollection: 0, totalPage: 0, page: 2 });
    render(<SearchTabs panels={panels} products={<p>list</p>} productsRange={{ from: 13, to: 24, count: 40 }} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Showing 13–24 of 40 results');
  });

  it('[S4.12] only panels the init answer made visible get a tab', () => {
    const panels = createSearchPanels({ settings, term: 'x', transport: async () => ({}) });
    panels.update({ eventType: 'init', totalProduct: 3, totalCollection: 0, totalPage: 2 });
    render(<SearchTabs panels={panels} products={null} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Products (3)', 'Pages (2)']);
  });
});
