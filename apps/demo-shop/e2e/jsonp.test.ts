// JSONP faults in Chromium. The shop's settings are switched to the script-tag transport (F7.1)
// by rewriting the settings block of each page as it is served (`"transport":"jsonp"`, a short
// retry delay and request timeout so the retries of F9.2 fit the time budget). Then the filter and
// suggestion scripts 404, throw, load without calling back, never arrive, or arrive after a newer
// answer. The page keeps working, retries as F9.2 says, falls back as F8.9 and F8.10 say, and
// leaves no callback globals or script tags behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { detect, type Detector } from './hostile-detector';
import { holdFilterAnswers, otherSorts, referenceTitles, routeWithFilterSettings, settled, sortSelect, startHarness, titles, typeWordsAwaitingCalls, type Harness } from './harness';

/** Short, so three attempts fit the time budget; the rules are the same with the defaults. */
const RETRY_DELAY = 50;
const REQUEST_TIMEOUT = 800;
/** The message of the planted throwing script: the only page error these tests allow. */
const PLANTED = 'planted JSONP fault';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A page whose documents carry JSONP settings, with the detector armed and photos answered empty. */
async function jsonpPage(name: string): Promise<{ page: Page; d: Detector; scripts: Request[] }> {
  const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const d = await detect(page, name);
  await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
  await routeWithFilterSettings(page, h, { transport: 'jsonp', retryDelay: RETRY_DELAY, requestTimeout: REQUEST_TIMEOUT });
  const scripts: Request[] = [];
  page.on('request', (r) => {
    if (/\/api\/(?:filter|search|suggest)/.test(r.url())) scripts.push(r);
  });
  return { page, d, scripts };
}

/** JSONP callbacks left on window and JSONP script tags left in the document. */
const leftovers = (page: Page) =>
  page.evaluate(() => ({
    globals: Object.keys(window).filter((k) => /^pkg(?:CoreFilter|Suggest)Cb/.test(k)),
    tags: Array.from(document.querySelectorAll('script[src]')).map((s) => s.getAttribute('src')!).filter((s) => s.includes('callback=')),
  }));

/** Findings other than the planted throwing script's own error. */
const unexpected = (d: Detector) => d.findings.filter((f) => !f.includes(PLANTED));

const callbackOf = (route: Route) => new URL(route.request().url()).searchParams.get('callback') ?? '';

/** The ways a JSONP script fails. `hang` never answers until `release` is called. */
type Fault = 'HTTP 404' | 'script throws' | 'loads without calling back' | 'never arrives (timeout)';
const FAULTS: Fault[] = ['HTTP 404', 'script throws', 'loads without calling back', 'never arrives (timeout)'];

function failWith(fault: Fault, route: Route, hung: Array<() => void>): Promise<void> {
  const js = (body: string) => route.fulfill({ status: 200, contentType: 'application/javascript', body });
  switch (fault) {
    case 'HTTP 404':
      return route.fulfill({ status: 404, contentType: 'application/javascript', body: '/* not found */' });
    case 'script throws':
      return js(`throw new Error(${JSON.stringify(PLANTED)});`);
    case 'loads without calling back':
      return js('/* no callback */ var pkgNothing = 1;');
    case 'never arrives (timeout)':
      // Held until the test releases it; then it calls back late, after the retry has answered.
      return new Promise<void>((done) =>
        hung.push(() => {
          void js(`/**/${callbackOf(route)}({"total_product":0,"products":[]});`).then(done, done);
        }),
      );
  }
}

describe('JSONP faults (Chromium)', () => {
  it('[F7.1] the control: with the script-tag transport the listing, sorting and suggestions work, and no callback or script tag is left', async () => {
    const { page, d, scripts } = await jsonpPage('jsonp control');
    await page.goto(`${h.url}/collections/all`);
    await settled(page);
    const [sort] = await otherSorts(page);
    const expected = await referenceTitles(h, sort!);
    await sortSelect(page).selectOption(sort!);
    await expect.poll(() => titles(page)).toEqual(expected);
    const box = page.locator('.site-header .pkg-search-box').getByRole('combobox');
    await box.click();
    await box.pressSequentially('tee', { delay: 10 });
    await page.locator('.pkg-suggest__dropdown .pkg-suggest__product-title').first().waitFor();
    await d.quiet();
    // Every filter and suggestion call went out as a script, none through fetch.
    const kinds = [...new Set(scripts.map((r) => r.resourceType()))];
    console.log(`[jsonp] control: ${scripts.length} API calls, resource types ${JSON.stringify(kinds)}`);
    expect(kinds).toEqual(['script']);
    expect(scripts.some((r) => r.url().includes('/api/suggest'))).toBe(true);
    expect(await leftovers(page)).toEqual({ globals: [], tags: [] });
    expect(d.findings).toEqual([]);
    await page.close();
  });

  it('[F9.2] a filter script that fails once (404, throws, loads without calling back, never arrives) is retried and the retry\'s answer is shown; no callback or script tag is left, a late callback is harmless', async () => {
    const { page, d } = await jsonpPage('jsonp retried');
    const tried: string[] = [];
    for (const fault of FAULTS) {
      d.at(fault);
      await page.goto(`${h.url}/collections/all`);
      await settled(page);
      const [sort] = await otherSorts(page);
      const expected = await referenceTitles(h, sort!);
      let calls = 0;
      const hung: Array<() => void> = [];
      await page.route(/\/api\/filter/, async (route) => {
        calls++;
        if (calls === 1) return failWith(fault, route, hung);
        return route.fallback();
      });
      await sortSelect(page).selectOption(sort!);
      await expect.poll(() => titles(page), { timeout: 10_000 }).toEqual(expected);
      expect(calls, fault).toBe(2);
      // The failed attempt's script and callback are gone; a late answer (the hung script
      // arriving now) lands on nothing and changes nothing.
      for (const release of hung) release();
      await d.quiet();
      await expect.poll(() => leftovers(page), { message: fault }).toEqual({ globals: [], tags: [] });
      expect(await titles(page)).toEqual(expected);
      await page.unroute(/\/api\/filter/);
      tried.push(`${fault}: ${calls} calls`);
    }
    console.log(`[jsonp] filter faults retried once: ${tried.join('; ')}`);
    expect(unexpected(d)).toEqual([]);
    await page.close();
  }, 120_000);

  it('[F8.9, F9.2] a filter script that keeps failing is tried three times (two retries), then the page falls back to the theme\'s own view', async () => {
    const { page, d } = await jsonpPage('jsonp fallback');
    const tried: string[] = [];
    for (const fault of FAULTS) {
      d.at(fault);
      await page.goto(`${h.url}/collections/all`);
      await settled(page);
      let calls = 0;
      const hung: Array<() => void> = [];
      await page.route(/\/api\/filter/, async (route) => {
        calls++;
        await failWith(fault, route, hung);
      });
      const [sort] = await otherSorts(page);
      await sortSelect(page).selectOption(sort!);
      await page.waitForURL((u) => u.searchParams.get('view') === 'pf-original', { timeout: 15_000 });
      await page.locator('.original-item').first().waitFor();
      expect(calls, fault).toBe(3);
      for (const release of hung) release();
      await page.unroute(/\/api\/filter/);
      tried.push(`${fault}: ${calls} calls`);
    }
    console.log(`[jsonp] filter faults that persist: ${tried.join('; ')}`);
    expect(unexpected(d)).toEqual([]);
    await page.close();
  }, 120_000);

  it('[S4.9, F8.10] suggestion scripts that keep failing turn instant search off after 3 failed attempts: no more calls, Enter still searches, nothing is left behind', async () => {
    const { page, d } = await jsonpPage('jsonp suggest');
    const tried: string[] = [];
    for (const fault of FAULTS) {
      d.at(fault);
      await page.goto(`${h.url}/`);
      let calls = 0;
      const hung: Array<() => void> = [];
      await page.route(/\/api\/suggest/, async (route) => {
        calls++;
        await failWith(fault, route, hung);
      });
      const box = page.locator('.site-header .pkg-search-box').getByRole('combobox');
      await box.click();
      // One input event, so a loaded machine's slow key presses cannot split it into several terms.
      await box.fill('tee');
      await expect.poll(() => calls, { timeout: 15_000 }).toBe(3);
      await d.quiet();
      // Turned off: more typing asks nothing and shows no dropdown.
      await box.fill('tees');
      await page.waitForTimeout(200);
      expect(calls, fault).toBe(3);
      expect(await page.getByRole('listbox').count()).toBe(0);
      for (const release of hung) release();
      await d.quiet();
      expect(await leftovers(page), fault).toEqual({ globals: [], tags: [] });
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'tees');
      await page.unroute(/\/api\/suggest/);
      tried.push(`${fault}: ${calls} calls`);
    }
    console.log(`[jsonp] suggestion faults: ${tried.join('; ')}`);
    expect(unexpected(d)).toEqual([]);
    await page.close();
  }, 120_000);

  it('a late filter callback after a newer answer never replaces it, and its callback is cleaned up', async () => {
    const { page, d } = await jsonpPage('jsonp late');
    await page.goto(`${h.url}/collections/all`);
    await settled(page);
    const [first, second] = await otherSorts(page);
    const expected = await referenceTitles(h, second!);
    const hold = await holdFilterAnswers(page, (u) => u.searchParams.get('sort') === first);
    await sortSelect(page).selectOption(first!);
    await sortSelect(page).selectOption(second!);
    await expect.poll(() => titles(page)).toEqual(expected);
    hold.release();
    await d.quiet();
    await expect.poll(() => leftovers(page)).toEqual({ globals: [], tags: [] });
    expect(await titles(page)).toEqual(expected);
    expect(await sortSelect(page).inputValue()).toBe(second);
    expect(hold.calls()).toBe(2);
    expect(d.findings).toEqual([]);
    await page.close();
  });

  it('[S4.4] late suggestion callbacks for older terms, released after the final term is shown, never replace its answer and leave nothing behind', async () => {
    const { page, d } = await jsonpPage('jsonp late suggestions');
    const held: Array<() => void> = [];
    const asked: string[] = [];
    let finalTitles: string[] | null = null;
    await page.route(/\/api\/suggest/, async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? '';
      asked.push(q);
      const real = await route.fetch();
      const body = await real.text();
      // The JSONP answer is `/**/callback({...});`: the JSON is between the first ( and the last ).
      if (q === 'jacket') finalTitles = ((JSON.parse(body.slice(body.indexOf('(') + 1, body.lastIndexOf(')'))) as { products: Array<{ title: string }> }).products ?? []).map((p) => p.title);
      else await new Promise<void>((release) => held.push(release));
      await route.fulfill({ response: real, body });
    });
    await page.goto(`${h.url}/`);
    const box = page.locator('.site-header .pkg-search-box').getByRole('combobox');
    await box.click();
    await typeWordsAwaitingCalls(page, box, ['tee', 'hoodie', 'bag', 'jacket']);
    const shown = () => page.locator('.pkg-suggest__dropdown .pkg-suggest__product-title').allInnerTexts();
    await expect.poll(() => finalTitles !== null).toBe(true);
    await expect.poll(shown).toEqual(finalTitles);
    const final = await shown();
    expect(final.length).toBeGreaterThan(0);
    for (const release of held.reverse()) release();
    await d.quiet();
    await expect.poll(() => leftovers(page)).toEqual({ globals: [], tags: [] });
    expect(await shown()).toEqual(final);
    console.log(`[jsonp] late suggestion callbacks: ${held.length} released after the final answer (calls ${JSON.stringify(asked)})`);
    expect(held.length).toBe(3);
    expect(d.findings).toEqual([]);
    await page.close();
  });
});
