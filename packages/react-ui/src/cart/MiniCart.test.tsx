import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartStore } from './cart-store';
import { freshEngine } from './cart-test-utils';
import { createSettings, moneyOptionsFor } from '@pkg/core-filter';
import { MoneyOptionsProvider } from '../money-context';
import { MiniCart } from './MiniCart';

const setup = () => {
  const engine = freshEngine();
  const store = createCartStore({ fetch: engine.fetch, cartUrl: 'http://shop.test' });
  render(<MiniCart store={store} moneyFormat="${{amount}}" />);
  return { engine, store };
};
const panel = () => screen.getByRole('dialog', { hidden: true });

describe('createCartStore', () => {
  it('adds, reads and changes through the platform cart calls, the token riding in the cookie', async () => {
    const { store } = { store: createCartStore({ fetch: freshEngine().fetch, cartUrl: 'http://shop.test/' }) };
    expect((await store.refresh())?.item_count).toBe(0);
    const cart = await store.add('1002', 2);
    expect(cart?.item_count).toBe(2);
    expect(cart?.token).not.toBe('');
    expect(cart?.items?.[0]).toMatchObject({ variant_id: 1002, product_id: 1, quantity: 2 });
    expect((await store.refresh())?.token).toBe(cart?.token);
    expect((await store.change('1002', 0))?.item_count).toBe(0);
    expect(store.getSnapshot()).toMatchObject({ status: 'idle', error: null, added: 1 });
  });

  it('returns null and keeps the platform message when a call fails, never throwing', async () => {
    const store = createCartStore({ fetch: freshEngine().fetch, cartUrl: 'http://shop.test' });
    expect(await store.add('no-such-variant')).toBeNull();
    expect(store.getSnapshot()).toMatchObject({ status: 'error', error: '[@pkg/engine] No variant with id "no-such-variant".', added: 0 });
    const offline = createCartStore({ fetch: () => Promise.reject(new Error('offline')) });
    expect(await offline.refresh()).toBeNull();
    expect(offline.getSnapshot().error).toBe('offline');
  });

  it('never lets an older, slower answer overwrite a newer one', async () => {
    const engine = freshEngine();
    let releaseFirst: () => void = () => {};
    const gate = new Promise<void>((r) => (releaseFirst = r));
    let calls = 0;
    const store = createCartStore({
      cartUrl: 'http://shop.test',
      fetch: async (input, init) => {
        const res = await engine.fetch(input, init);
        if (++calls === 1) await gate;
        return res;
      },
    });
    const slow = store.refresh();
    await store.add('1002', 1);
    releaseFirst();
    expect((await slow)?.item_count).toBe(0);
    expect(store.getSnapshot().cart?.item_count).toBe(1);
  });
});

describe('MiniCart', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('[S9.12] opens when something is added, announces it, and closes itself after 2000 ms', async () => {
    const { store } = setup();
    expect(panel()).not.toBeVisible();
    await act(() => store.add('1002', 1));
    expect(panel()).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Added to cart. 1 items in your cart.');
    expect(within(panel()).getByText('Chaz Kangeroo Hoodie - XS / Gray')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart (1)' })).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(1999));
    expect(panel()).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(panel()).not.toBeVisible();
  });

  it('[S9.12] pauses the countdown while hovered and starts it again in full on leave', async () => {
    const { store } = setup();
    await act(() => store.add('1002', 1));
    fireEvent.mouseEnter(panel());
    act(() => vi.advanceTimersByTime(5000));
    expect(panel()).toBeVisible();
    fireEvent.mouseLeave(panel());
    act(() => vi.advanceTimersByTime(1999));
    expect(panel()).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(panel()).not.toBeVisible();
  });

  it('opens from the keyboard, stays open, removes a line and closes on Escape returning focus', async () => {
    const { store } = setup();
    await act(() => store.add('1002', 2));
    act(() => vi.advanceTimersByTime(2000));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const toggle = screen.getByRole('button', { name: 'Cart (2)' });
    toggle.focus();
    await user.keyboard('{Enter}');
    act(() => vi.advanceTimersByTime(5000));
    expect(panel()).toBeVisible();
    expect(within(panel()).getByText('$104.00', { selector: '.pkg-minicart__total *' })).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Remove Chaz Kangeroo Hoodie - XS / Gray' }));
    expect(await within(panel()).findByText('Your cart is empty.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(panel()).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('[S1.7] shows line and total prices rounded by the rule of the shown currency from the nearest money options (keyed in any case)', async () => {
    const engine = freshEngine();
    const store = createCartStore({ fetch: engine.fetch, cartUrl: 'http://shop.test' });
    const settings = createSettings({ shop: { money_format: '${{amount}}', currency: 'USD' }, general: { current_currency: 'EUR' }, filter: { multiCurrency: true, currencyRoundingRules: { eur: 0.95 } } });
    render(
      <MoneyOptionsProvider value={moneyOptionsFor(settings)}>
        <MiniCart store={store} moneyFormat={settings.shop.money_format} />
      </MoneyOptionsProvider>,
    );
    await act(() => store.add('1002', 2));
    // The line is 2 × $52.00 = $104.00 in cents; the rule .95 shows it as $104.95.
    expect(within(panel()).getByText('$104.95', { selector: '.pkg-minicart__total *' })).toBeInTheDocument();
    expect(within(panel()).queryByText('$104.00')).toBeNull();
  });

  it('takes its labels from translations', async () => {
    const engine = freshEngine();
    const store = createCartStore({ fetch: engine.fetch, cartUrl: 'http://shop.test' });
    render(<MiniCart store={store} moneyFormat="{{amount}} €" translations={{ cart: 'Panier ({{count}})', title: 'Votre panier', added: 'Ajouté. {{count}} articles.' }} />);
    await act(() => store.add('1002', 2));
    expect(screen.getByRole('button', { name: 'Panier (2)' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Votre panier' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Ajouté. 2 articles.');
  });
});
