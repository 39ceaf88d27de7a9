import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildNoResultView } from '@pkg/suggest';
import { SearchNoResult } from './SearchNoResult';
import { settings } from './test-shop';

const json = JSON.stringify({ search_terms: ['jacket', 'alert(1)', 'tee'], products: [{ id: 7, title: 'Popular tee', handle: 'popular-tee', price_min: 1900, images: [] }] });

describe('SearchNoResult', () => {
  it('[S8.5, F8.5] the empty-result message with the term in bold and a link to all products, then the tips', () => {
    const view = buildNoResultView({ settings, term: 'zebra', json });
    render(<SearchNoResult view={view} settings={settings} />);
    const msg = document.getElementById('pkg-search-no-result-message')!;
    expect(msg).toHaveTextContent(`We are sorry! We couldn't find results for "zebra".`);
    expect(msg.querySelector('strong')).toHaveTextContent('zebra');
    expect(within(msg).getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/collections/all');
    expect(screen.getByText("But don't give up – check the spelling or try less specific search terms.").tagName).toBe('LI');
  });

  it('[S4.21] suggested terms link to the search page; most-popular products show when enabled; the body gets the no-result class', () => {
    const view = buildNoResultView({ settings, term: 'zebra', json, tips: 'One<br>Two', showMostPopular: true });
    const { unmount } = render(<SearchNoResult view={view} settings={settings} />);
    const terms = screen.getByRole('navigation', { name: 'Try searching for' });
    expect(within(terms).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['jacket', '/search?q=jacket'],
      ['tee', '/search?q=tee'],
    ]);
    expect(screen.getByText('One')).toBeInTheDocument();
    expect(screen.getByText('Two')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Most popular products' })).toBeInTheDocument();
    const card = screen.getByRole('link', { name: 'Popular tee' });
    expect(card).toHaveAttribute('href', '/products/popular-tee');
    expect(screen.getByText('$19.00')).toBeInTheDocument();
    expect(document.body).toHaveClass('pkg-no-result');
    unmount();
    expect(document.body).not.toHaveClass('pkg-no-result');
  });

  it('[S1.7] its most-popular products show prices rounded by the rule of the shown currency', () => {
    const rounded = { ...settings, general: { ...settings.general, current_currency: 'EUR' }, filter: { ...settings.filter, multiCurrency: true, currencyRoundingRules: { eur: 0.95 } } };
    render(<SearchNoResult term="zebra" json={json} showMostPopular settings={rounded} />);
    expect(screen.getByText('$19.95')).toBeInTheDocument();
    expect(screen.queryByText('$19.00')).toBeNull();
  });

  it('[S4.21] without most-popular or terms, only the message and tips show', () => {
    render(<SearchNoResult term="zebra" json={json} showSuggestedTerms={false} settings={settings} />);
    expect(document.getElementById('pkg-search-no-result-message')).toHaveTextContent('zebra');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Most popular products' })).toBeNull();
  });
});
