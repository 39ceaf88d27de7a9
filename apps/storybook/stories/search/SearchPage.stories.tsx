import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Pagination, ProductList, useFilter } from '@pkg/react-ui';
import '@pkg/react-ui/styles.css';
import { SearchNoResult, SearchTabs, useSearchPanels } from '@pkg/react-ui';
import { withDemoEngine } from '../../src/demo-engine';
import { demoSettings, StoryShop } from '../../src/story-controller';

// The no-result data a theme embeds in the search page (S3.12).
const notFoundJson = JSON.stringify({ search_terms: ['jacket', 'hoodie', 'yoga'] });

function Results({ term }: { term: string }) {
  const noResult = useFilter((s) => s.noResult);
  const panels = useSearchPanels({ settings: demoSettings, term, fetch: (i, init) => globalThis.fetch(i, init) });
  // The panel counts come from the engine's search answer (the filter snapshot has no panel totals).
  useEffect(() => {
    void globalThis
      .fetch(`/api/search?q=${encodeURIComponent(term)}&shop=luma.example&event_type=init`)
      .then((r) => r.json())
      .then((j: { total_product?: number; total_collection?: number; total_page?: number }) =>
        panels.update({ eventType: 'init', totalProduct: j.total_product ?? 0, totalCollection: j.total_collection ?? 0, totalPage: j.total_page ?? 0 }),
      );
  }, [panels, term]);
  if (noResult) return <SearchNoResult settings={demoSettings} term={term} json={notFoundJson} />;
  return (
    <SearchTabs
      panels={panels}
      products={
        <>
          <ProductList />
          <Pagination />
        </>
      }
    />
  );
}

function SearchPage({ term }: { term: string }) {
  return (
    <StoryShop url={`/search?q=${encodeURIComponent(term)}`}>
      <main style={{ padding: 16 }}>
        <h1 style={{ fontSize: 20, marginTop: 0 }}>Search: {term}</h1>
        <Results term={term} />
      </main>
    </StoryShop>
  );
}

const meta = {
  title: 'Search/Search page',
  component: SearchPage,
  args: { term: 'shirts' },
  parameters: { layout: 'fullscreen' },
  beforeEach: withDemoEngine,
} satisfies Meta<typeof SearchPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Panels as tabs: products first; arrow keys move to the next tab, which fetches its panel. */
export const Tabs: Story = {
  parameters: { visual: { variants: ['rtl', 'phone'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await waitFor(() => canvas.getByRole('tablist', { name: 'Search results' }), { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByRole('tab').length).toBeGreaterThan(1), { timeout: 5000 });
    const [products, next] = within(list).getAllByRole('tab');
    await expect(products).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0), { timeout: 5000 });
    products!.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(next).toHaveFocus();
    await expect(next).toHaveAttribute('aria-selected', 'true');
    const panel = canvas.getByRole('tabpanel');
    await expect(panel).toHaveAttribute('aria-labelledby', next!.id);
    await waitFor(() => expect(within(panel).getAllByRole('link').length).toBeGreaterThan(0), { timeout: 5000 });
    await expect(panel).toHaveTextContent(/Showing 1–\d+ of \d+ results/);
  },
};

/** Zero products on first load: the no-result view with tips and suggested terms (S2.23, S4.21). */
export const NoResult: Story = {
  args: { term: 'qqqzzzxx' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const msg = await waitFor(() => canvas.getByText(/We are sorry! We couldn't find results for/), { timeout: 5000 });
    await expect(msg.querySelector('strong')).toHaveTextContent('qqqzzzxx');
    await expect(canvas.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/collections/all');
    const terms = canvas.getByRole('navigation', { name: 'Try searching for' });
    await expect(within(terms).getByRole('link', { name: 'hoodie' })).toHaveAttribute('href', '/search?q=hoodie');
    await expect(canvas.queryByRole('tablist')).toBeNull();
  },
};
