// The Next.js example in Chromium: the production build served by `next start`, pages rendered on
// the server and hydrated with no console warning or error and no API request at hydration.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchProblems } from '../../../scripts/test-utils/page-problems';
import { launchOptions } from '../../../scripts/chromium.mjs';

const dir = fileURLToPath(new URL('..', import.meta.url));
let next: ChildProcess | undefined;
let origin = '';
let browser: Browser;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

beforeAll(async () => {
  const port = await freePort();
  const bin = fileURLToPath(import.meta.resolve('next/dist/bin/next'));
  next = spawn(process.execPath, [bin, 'start', '-H', '127.0.0.1', '-p', String(port)], { cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += String(chunk);
      if (/Ready in/.test(out)) resolve();
    };
    next!.stdout!.on('data', onData);
    next!.stderr!.on('data', onData);
    next!.on('exit', (code) => reject(new Error(`next start exited with ${code}:\n${out}`)));
  });
  origin = `http://127.0.0.1:${port}`;
  browser = await chromium.launch(launchOptions as Parameters<typeof chromium.launch>[0]);
});

afterAll(async () => {
  await browser?.close();
  next?.kill();
});

/** Opens a page; collects console warnings and errors, page errors, failed responses and API requests. */
async function open(path: string, editHtml?: (html: string) => string) {
  const page = await browser.newPage();
  const messages = watchProblems(page);
  const api: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r.url());
  });
  if (editHtml) {
    await page.route(origin + path, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, body: editHtml(await answer.text()) });
    });
  }
  await page.goto(origin + path);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, messages, api };
}

const titles = (page: Page) => page.locator('.pkg-product__title').allTextContents();

describe('Next.js example', () => {
  it('renders a filtered collection page on the server and hydrates it with no warning and no request', async () => {
    const path = '/collections/all?pf_opt_color=Black&pf_opt_color=White&limit=4&page=2';
    const served = await (await fetch(origin + path)).text();
    // Page 2 of the two colours, four a page, with page links that keep the filters.
    expect(served).toContain('href="/collections/all?limit=4&amp;pf_opt_color=Black&amp;pf_opt_color=White"');
    const { page, messages, api } = await open(path);
    const shown = await titles(page);
    expect(shown).toHaveLength(3);
    for (const title of shown) expect(served).toContain(`>${title}<`);
    expect(messages).toEqual([]);
    expect(api).toEqual([]);
    // Interactive: choosing a brand fetches through the API route and writes the address.
    await page.getByRole('checkbox', { name: /Northwind/ }).check();
    await page.waitForURL(/pf_v_vendor=Northwind/);
    // Northwind in black or white: the belt (the backpack is brown).
    await expect.poll(() => titles(page)).toEqual(['Leather Belt']);
    expect(api).toHaveLength(1);
    expect(messages).toEqual([]);
    await page.close();
  });

  it('renders the search page for a term on the server, with no request at hydration', async () => {
    const { page, messages, api } = await open('/search?q=shirt');
    expect(await titles(page)).toEqual(expect.arrayContaining(['Linen Shirt', 'Oxford Shirt']));
    expect(messages).toEqual([]);
    expect(api).toEqual([]);
    await page.close();
  });

  it('[F5.8, S5.1] renders a bad address as its clean page on the server, and the browser resets the address and hydrates it with no warning', async () => {
    const path = '/collections/all?pf_opt_color=Black&q=%3Cscript%3Ealert(1)%3C%2Fscript%3E';
    const total = (html: string) => /class="pkg-toolbar__total"[^>]*>([^<]+)</.exec(html)?.[1];
    const served = await (await fetch(origin + path)).text();
    // Nothing of the bad query is read: not the term, not even the colour beside it. The page is
    // the clean one, and no link it renders carries the query on.
    expect(total(served)).toBe(total(await (await fetch(`${origin}/collections/all`)).text()));
    expect(total(served)).toMatch(/^\d+ products$/);
    const links = [...served.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(links.filter((l) => /script|alert|pf_opt_color/i.test(l ?? ''))).toEqual([]);
    const { page, messages, api } = await open(path);
    await page.waitForURL(`${origin}/collections/all`);
    expect(await page.locator('.pkg-toolbar__total').textContent()).toBe(total(served));
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    expect(messages).toEqual([]);
    expect(api).toEqual([]);
    await page.close();
  });

  it('control: HTML that differs from the first browser render is reported', async () => {
    const { page, messages } = await open('/collections/all', (html) => html.replace(/(class="pkg-product__title">)[^<]+</, '$1Not this product<'));
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    await page.close();
  });
});
