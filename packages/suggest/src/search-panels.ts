// The search-page panels (S2.20-S2.23, S3.7, S4.12, S5.6): products, collections and pages,
// each with a label, a count, its own pagination and total line; collections and pages are
// fetched the first time they are opened.
import { createStore } from '@pkg/kit';
import { createSettings, resolveTransport } from '@pkg/core-filter';
import { buildPanelRequest, normalizeSearchPanels, type PanelItem } from '@pkg/core-filter/search';
import type { FetchLike, PanelName, Settings, SettingsInput, Transport } from '@pkg/core-filter';

export const PANEL_NAMES: readonly PanelName[] = Object.freeze(['products', 'collections', 'pages']);

export interface PanelState {
  readonly name: PanelName;
  readonly label: string;
  /** Total results of the panel. */
  readonly count: number;
  readonly page: number;
  /** Read as an integer, default 25 (S5.6). */
  readonly pageSize: number;
  readonly pageCount: number;
  /** Collections or pages of the current page (products come from the filter controller). */
  readonly items: readonly PanelItem[];
  readonly loaded: boolean;
  readonly status: 'idle' | 'loading' | 'success' | 'error';
  /** Whether the panel's tab is rendered (S4.12). */
  readonly visible: boolean;
  /** The total-results line: results `from`..`to` of `total` (0, 0 when empty). */
  readonly from: number;
  readonly to: number;
}

export interface SearchPanelsSnapshot {
  readonly active: PanelName;
  readonly panels: Readonly<Record<PanelName, PanelState>>;
  /** The `tab` address-bar value: null when it is the default (products) and is dropped. */
  readonly tabParam: PanelName | null;
}

/** What a search answer says about the panels (core-filter's FilterResult fits). */
export interface PanelTotals {
  readonly eventType?: string;
  readonly totalProduct?: number;
  readonly totalCollection?: number;
  readonly totalPage?: number;
  /** The products page shown. */
  readonly page?: number;
}

export interface SearchPanelsOptions {
  settings: Settings | SettingsInput;
  /** The search term. */
  term: string;
  /** The `tab` parameter of the address, if any (S2.21). */
  tab?: string | null;
  /** A global search-display value of the theme, used when there is no tab parameter. */
  searchDisplay?: string | null;
  transport?: Transport;
  fetch?: FetchLike;
  now?: () => number;
  sid?: string;
}

export interface SearchPanels {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SearchPanelsSnapshot;
  /** Takes the totals of a search answer; an `init` answer decides which tabs render (S4.12). */
  update(totals: PanelTotals): void;
  /** Shows a panel and hides the others (S2.22); a first visit to collections or pages fetches it. */
  select(name: string): Promise<void>;
  /** Goes to a page of the collections or pages panel. */
  setPage(name: 'collections' | 'pages', page: number | string): Promise<void>;
}

const isPanel = (v: unknown): v is PanelName => PANEL_NAMES.includes(v as PanelName);

/** The `tab` parameter as a panel, or null for a missing or unknown value (S2.21). */
export function readTab(value: unknown): PanelName | null {
  return isPanel(value) ? value : null;
}

const range = (p: PanelState): PanelState => {
  const pageCount = Math.max(1, Math.ceil(p.count / p.pageSize));
  const from = p.count > 0 ? Math.min((p.page - 1) * p.pageSize + 1, p.count) : 0;
  return { ...p, pageCount, from, to: p.count > 0 ? Math.min(p.page * p.pageSize, p.count) : 0 };
};

/** Creates the panels of the search page; nothing is fetched until a panel is opened. */
export function createSearchPanels(options: SearchPanelsOptions): SearchPanels {
  const settings: Settings = Object.isFrozen(options.settings) && 'labels' in options.settings ? (options.settings as Settings) : createSettings(options.settings as SettingsInput);
  const cfg = settings.filter.panels;
  const now = options.now ?? Date.now;
  let transport = options.transport;
  const tokens: Record<string, number> = {};
  const initial = readTab(options.tab) ?? readTab(options.searchDisplay) ?? settings.filter.defaultTab;
  const panels = {} as Record<PanelName, PanelState>;
  for (const name of PANEL_NAMES)
    panels[name] = range({ name, label: cfg[name].label, count: 0, page: 1, pageSize: cfg[name].pageSize, pageCount: 1, items: [], loaded: name === 'products', status: 'idle', visible: name === 'products', from: 0, to: 0 });
  const make = (active: PanelName, p: Record<PanelName, PanelState>): SearchPanelsSnapshot =>
    Object.freeze({ active, panels: Object.freeze(p), tabParam: active === 'products' ? null : active });
  const store = createStore(make(initial, panels));

  const set = (name: PanelName, patch: Partial<PanelState>, active = store.getSnapshot().active): void => {
    const { panels } = store.getSnapshot();
    store.set(make(active, { ...panels, [name]: Object.freeze(range({ ...panels[name], ...patch })) }));
  };

  const load = async (name: 'collections' | 'pages', page: number): Promise<void> => {
    const token = (tokens[name] = (tokens[name] ?? 0) + 1);
    set(name, { status: 'loading', page });
    try {
      transport ??= resolveTransport(settings, { fetch: options.fetch, callbackPrefix: 'pkgSuggestCb', retry: false });
      const raw = await transport(buildPanelRequest(settings, name, options.term, page, now(), options.sid));
      if (token !== tokens[name]) return; // a newer page was asked for
      const r = normalizeSearchPanels(raw, settings);
      // S5.9: excerpt images at 200x and excerpts cut, both by core-filter's panel reader.
      const items = Object.freeze((name === 'collections' ? r.collections : r.pages).map((i) => Object.freeze({ ...i })));
      const count = name === 'collections' ? r.totalCollection : r.totalPage;
      set(name, { status: 'success', loaded: true, items, count: count || store.getSnapshot().panels[name].count });
    } catch {
      if (token === tokens[name]) set(name, { status: 'error' });
    }
  };

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    update(t) {
      const init = t.eventType === 'init';
      const counts: Record<PanelName, number | undefined> = { products: t.totalProduct, collections: t.totalCollection, pages: t.totalPage };
      let active = store.getSnapshot().active;
      for (const name of PANEL_NAMES) {
        const n = Math.max(0, Math.floor(Number(counts[name]) || 0));
        const patch: { -readonly [K in keyof PanelState]?: PanelState[K] } = counts[name] === undefined ? {} : { count: n };
        if (name === 'products' && t.page !== undefined) patch.page = Math.max(1, Math.floor(t.page) || 1);
        // S4.12: collections and pages render only if active in settings, total > 0, event init.
        if (name !== 'products' && init) patch.visible = cfg[name].active && n > 0;
        set(name, patch);
      }
      if (!store.getSnapshot().panels[active].visible) active = 'products';
      if (active !== store.getSnapshot().active) set(active, {}, active);
      if (init && active !== 'products' && !store.getSnapshot().panels[active].loaded) void load(active, 1);
    },
    async select(name) {
      if (!isPanel(name) || !store.getSnapshot().panels[name].visible) return;
      set(name, {}, name);
      if (name !== 'products' && !store.getSnapshot().panels[name].loaded && store.getSnapshot().panels[name].status !== 'loading') await load(name, 1);
    },
    async setPage(name, page) {
      const p = parseInt(String(page), 10);
      if ((name !== 'collections' && name !== 'pages') || !(p >= 1)) return;
      await load(name, Math.min(p, store.getSnapshot().panels[name].pageCount));
    },
  };
}
