// The package's entries hold what their comments say: the names moved to a subpath are exported
// there (working) and no longer from the main entry, so a page that imports the main entry only
// does not carry them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as main from './index';
import * as search from './search';
import * as view from './view';
import { getPageContext } from './page-context';
import { createSettings } from './create-settings';

const SEARCH = ['buildPanelRequest', 'buildTrendingRequest', 'cutExcerpt', 'normalizeFilterResponse', 'normalizeSearchPanels', 'normalizeTerm', 'pageUrl', 'parseNoResultData', 'searchUrl'];
/** Theme-code helpers that moved from the main entry to `/view` (a headless page needs none of them). */
const MOVED_TO_VIEW = ['productUrl', 'safeUrl', 'linkCollection', 'withLocale', 'subCategoryUrl', 'toolbarUrl', 'documentTitle', 'getLocalePrefix', 'escapeHtml', 'decodeEntities', 'imageSize', 'isShopCdnImage', 'buildCollectionDescriptionRequest', 'buildMostPopularRequest', 'buildProductHtmlRequests'];

describe('package entries', () => {
  it('@pkg/core-filter/search holds the search page\'s requests and readers, and the main entry none of them', () => {
    expect(Object.keys(search).sort()).toEqual(SEARCH);
    for (const name of SEARCH) expect(main).not.toHaveProperty(name);
    const settings = createSettings({ api: { searchUrl: 'https://s.example/search' }, shop: { domain: 'shop.example' } });
    expect(search.buildPanelRequest(settings, 'pages', 'hat', 2, 5).url).toBe('https://s.example/search/pages');
    expect(search.normalizeSearchPanels({ pages: [{ title: 'About', url: '/pages/about', body: '<p>Hi</p>' }] }, settings).pages[0]?.title).toBe('About');
    expect(search.pageUrl('javascript:alert(1)')).toBe('#');
    expect(search.normalizeTerm('  Red   Shirt ')).toBe('Red Shirt');
  });

  it('@pkg/core-filter/view holds the theme-code link, text and theme-view request helpers, and the main entry none of them', () => {
    for (const name of MOVED_TO_VIEW) {
      expect(view).toHaveProperty(name);
      expect(main).not.toHaveProperty(name);
    }
    const settings = createSettings({ shop: { domain: 'shop.example' } });
    const ctx = getPageContext(settings, '/collections/men', '');
    expect(view.productUrl(settings, ctx, 'red-tee')).toBe('/products/red-tee');
    expect(view.safeUrl('javascript:alert(1)')).toBe('#');
    expect(view.imageSize('https://cdn.shopify.com/s/a.jpg?v=1', '200x')).toBe('https://cdn.shopify.com/s/a_200x.jpg?v=1');
    expect(view.escapeHtml('<b>')).toBe('&#60;b&#62;');
    expect(view.buildMostPopularRequest(ctx).url).toBe('/collections/all');
  });

  it('the English texts are a main-entry name of their own, the ones inside DEFAULT_SETTINGS', () => {
    expect(main.DEFAULT_LABELS.noProducts).toBe('No products found in this collection');
    expect(main.DEFAULT_SETTINGS.labels).toBe(main.DEFAULT_LABELS);
  });

  it('the exports map and typesVersions name every entry tsup builds', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown>; typesVersions: Record<string, Record<string, unknown>> };
    const tsup = readFileSync(new URL('../tsup.config.ts', import.meta.url), 'utf8');
    const built = [...tsup.matchAll(/'src\/(\w+)\.ts'/g)].map((m) => m[1]).filter((n) => n !== 'index');
    expect(built.sort()).toEqual(['search', 'server', 'tolerant', 'view']);
    for (const name of built) {
      expect(pkg.exports).toHaveProperty(`./${name}`);
      expect(pkg.typesVersions['*']).toHaveProperty(name as string);
    }
  });
});
