// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferSearchBoxes, whenIdleAfter, type DeferredSearchBoxes } from './defer-search-boxes';

const SETTINGS = { api: { suggestionUrl: 'http://shop.test/api/suggest', filterUrl: 'http://shop.test/api/filter' }, shop: { domain: 'shop.test' }, filter: { transport: 'fetch' }, search: { suggest: { delay: 0 } } };
const ANSWER = { query: 'jack', total_product: 1, suggestions: ['jacket'], collections: [], pages: [], products: [{ id: 7, title: 'Jade Jacket', handle: 'jade-jacket', price_min: 40, price_max: 40, available: true }] };
const HEADER = '<div class="pkg-search-box"><form action="/search"><input type="search" name="q" id="theirs"></form></div>';

let instance: DeferredSearchBoxes | null = null;
afterEach(() => {
  instance?.destroy();
  instance = null;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

function page() {
  document.head.innerHTML = `<script type="application/json" id="pkg-settings">${JSON.stringify(SETTINGS)}</script>`;
  document.body.innerHTML = HEADER;
  return document.getElementById('theirs') as HTMLInputElement;
}

/** A module load the test settles by hand. */
function pendingLoad() {
  let settle!: (ok: boolean) => void;
  const load = vi.fn(() => new Promise<typeof import('./mount-search-boxes')>((resolve, reject) => (settle = (ok) => (ok ? import('./mount-search-boxes').then(resolve) : reject(new TypeError('Failed to fetch dynamically imported module'))))));
  return { load, settle: (ok: boolean) => settle(ok) };
}

describe('deferSearchBoxes', () => {
  it("loads the box's code only when the shopper reaches a box (once), then keeps the text typed meanwhile, with the focus, and asks its suggestions", async () => {
    const theirs = page();
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(ANSWER), { status: 200 }));
    const { load, settle } = pendingLoad();
    instance = deferSearchBoxes({ window: null, suggest: { fetch, navigate: () => {}, storage: null } }, load);
    expect(instance?.boxes).toHaveLength(1);
    expect(load).not.toHaveBeenCalled();
    theirs.focus();
    theirs.value = 'jack';
    theirs.dispatchEvent(new Event('input', { bubbles: true }));
    theirs.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    instance?.load();
    expect(load).toHaveBeenCalledTimes(1);
    // Not yet mounted: the theme's form is as it was.
    expect(document.querySelector('[role="combobox"]')).toBeNull();
    settle(true);
    await instance?.ready;
    // Rendered at once (the focus must not be lost between the theme's input and the box).
    const box = document.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    expect(box.value).toBe('jack');
    expect(document.activeElement).toBe(box);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(new URL(fetch.mock.calls[0]![0]).searchParams.get('q')).toBe('jack');
    await vi.waitFor(() => expect(box.getAttribute('aria-expanded')).toBe('true'));
  });

  it("leaves the theme's form and its text when the code cannot be loaded, with one console error", async () => {
    const theirs = page();
    const { load, settle } = pendingLoad();
    const report = { error: vi.fn() };
    instance = deferSearchBoxes({ window: null, suggest: { fetch: vi.fn(), storage: null } }, load, report);
    theirs.focus();
    theirs.value = 'jacket';
    settle(false);
    await instance?.ready;
    expect(report.error).toHaveBeenCalledTimes(1);
    expect(String(report.error.mock.calls[0]![0])).toContain('The instant-search code could not be loaded');
    expect(document.body.innerHTML).toBe(HEADER);
    expect(theirs.value).toBe('jacket');
    // No second try from further events.
    theirs.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('finds nothing, and loads nothing, where instant search is off', () => {
    document.body.innerHTML = HEADER;
    document.head.innerHTML = `<script type="application/json" id="pkg-settings">${JSON.stringify({ ...SETTINGS, api: { filterUrl: SETTINGS.api.filterUrl } })}</script>`;
    const load = vi.fn();
    expect(deferSearchBoxes({ window: null, console: { warn: () => {} } }, load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('whenIdleAfter', () => {
  it('runs once the first answer settled and the browser is idle, not before', async () => {
    let answered!: () => void;
    const after = new Promise<void>((resolve) => (answered = resolve));
    const idle: Array<() => void> = [];
    const run = vi.fn();
    whenIdleAfter(after, run, { setTimeout: vi.fn() as unknown as Window['setTimeout'], requestIdleCallback: ((cb: () => void) => idle.push(cb)) as unknown as Window['requestIdleCallback'] });
    await Promise.resolve();
    expect(idle).toHaveLength(0);
    answered();
    await after;
    await Promise.resolve();
    expect(idle).toHaveLength(1);
    expect(run).not.toHaveBeenCalled();
    idle[0]!();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
