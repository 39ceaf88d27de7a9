// @vitest-environment node
// Server rendering and hydration, end to end: the page is rendered on Node with renderToString
// from the engine's answer, and hydrated in Chromium from the answer embedded in the HTML. The
// journey fails on any console warning or error (React reports a hydration mismatch there) and
// on any request at hydration. A control run edits the server's HTML to prove a mismatch is seen.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilterController } from '@pkg/core-filter';
import { loadFilterData } from '@pkg/core-filter/server';
import { createMemoryHistory } from '@pkg/url-state/memory';
import { watchProblems } from '../../../scripts/test-utils/page-problems';
import { startBrowserSite, type BrowserSite } from '../../../scripts/test-utils/browser-site';
import { fixturesDir } from '../../../scripts/test-utils/fixtures';
import { demoEngine } from './test-utils/demo-shop';
import { SsrPage, ssrSettings } from './test-utils/ssr-page';

const engine = demoEngine();
const engineFetch = (input: string | URL | Request, init?: RequestInit) => engine.fetch(new URL(String(input), 'http://shop.test'), init);
const imagesDir = join(fixturesDir, '..', 'data', 'luma', 'images');
const apiRequests: string[] = [];
let site: BrowserSite;
let origin: string;
let browser: Browser;

/** Embeds JSON in a script element: `<` escaped so no text can close the element. */
const jsonScript = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

async function renderPage(url: string): Promise<string> {
  const data = await loadFilterData({ settings: ssrSettings, url, fetch: engineFetch });
  const { pathname, search } = new URL(url, 'http://shop.test');
  const controller = createFilterController({ settings: ssrSettings, initialData: data, history: createMemoryHistory(url), location: { pathname, search }, sessionStorage: null, fetch: engineFetch });
  const html = renderToString(<SsrPage controller={controller} />);
  controller.destroy();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Luma</title><link rel="icon" href="data:,"></head><body><div id="root">${html}</div>${jsonScript('pkg-initial-data', data)}<script type="module" src="/client.js"></script></body></html>`;
}

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./test-utils/ssr-client.tsx', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    // The development build of React: it reports hydration mismatches on the console.
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'error',
  });
  const client = bundle.outputFiles[0]!.text;
  site = await startBrowserSite((req, res) => {
    const url = req.url ?? '/';
    if (url === '/client.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(client);
    } else if (url.startsWith('/images/luma/')) {
      // The catalogue's photos, from the project's copy of the Luma data.
      readFile(join(imagesDir, basename(url)))
        .then((photo) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo))
        .catch(() => res.writeHead(404).end());
    } else if (url.startsWith('/api/')) {
      apiRequests.push(url);
      void engineFetch(url).then(async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()));
    } else if (url.startsWith('/collections/')) {
      void renderPage(url).then((html) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    } else res.writeHead(404).end();
  });
  ({ origin, browser } = site);
});

afterAll(async () => {
  await site?.close();
});

/** Opens a page and collects what the console and the page's errors say. */
async function open(path: string, editHtml?: (html: string) => string): Promise<{ page: Page; messages: string[] }> {
  const page = await browser.newPage();
  const messages = watchProblems(page);
  if (editHtml) {
    await page.route(`${origin}/collections/**`, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, body: editHtml(await answer.text()) });
    });
  }
  apiRequests.length = 0;
  await page.goto(origin + path);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, messages };
}

const titles = (page: Page) => page.locator('.pkg-product__title').allTextContents();

describe('server rendering and hydration', () => {
  it('renders filters, listing and page links on Node; the browser hydrates them with no warning and no request', async () => {
    const path = '/collections/all?pf_v_vendor=Luma&page=2&utm_source=mail';
    const { page, messages } = await open(path);
    const served = await (await fetch(origin + path)).text();
    // The server's HTML already has the listing of page 2 of the filtered state, and links built from it.
    expect(served).toContain('pkg-product__title');
    expect(served).toContain('href="/collections/all?page=3&amp;pf_v_vendor=Luma&amp;utm_source=mail"');
    expect(served).toContain('aria-current="page"');
    const shown = await titles(page);
    expect(shown).toHaveLength(12);
    for (const title of shown) expect(served).toContain(`>${title.replace(/&/g, '&amp;')}<`);
    expect(messages).toEqual([]);
    expect(apiRequests).toEqual([]);
    // Hydrated: a click is the controller's, which fetches page 3 and writes the address.
    await page.locator('.pkg-pagination__next').click();
    await page.waitForURL(/page=3/);
    await expect.poll(() => titles(page)).not.toEqual(shown);
    expect(apiRequests).toHaveLength(1);
    expect(new URL(page.url()).search).toBe('?page=3&pf_v_vendor=Luma&utm_source=mail');
    expect(messages).toEqual([]);
    await page.close();
  });

  it('control: a server HTML that differs from the first browser render is reported', async () => {
    const { page, messages } = await open('/collections/all?page=2', (html) => html.replace(/(class="pkg-product__title">)[^<]+</, '$1Not this product<'));
    await expect.poll(() => messages.join('\n')).toMatch(/hydrat/i);
    await page.close();
  });
});
