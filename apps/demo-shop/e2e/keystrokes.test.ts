// A thousand rapid keystrokes in the header search box, in Chromium: letters, spaces and
// Backspaces as fast as the browser takes them, while the suggestion answers come back out of
// order (every other one held back). The page keeps working, the dropdown ends on the
// answer for the final term, never an older one, and the number of suggestion calls stays within
// what the debounce allows: a call can only start after a pause of at least the suggestion delay
// (S9.8: 50 ms) since the last key, so calls <= pauses of 50 ms or more + 1. The pauses are
// measured in the page from the input events' own times, not by a wall clock in the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detect, sample } from './hostile-detector';
import { settled, startHarness, typeWordsAwaitingCalls, type Harness, searchBox } from './harness';

/** S9.8: the suggestion delay. */
const SUGGEST_DELAY = 50;
/** Timers never fire early, but performance.now() and the timer clock may round apart by a millisecond. */
const CLOCK_SLACK = 2;
const KEYSTROKES = 1000;
const FINAL = 'jacket';
const PAUSE_EVERY = 90;
/** How late odd-numbered suggestion answers are (longer than a pause). */
const HOLD = 300;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});


/**
 * A seeded sequence of exactly `n` keys: letters and spaces (a few terms' worth, so many of them
 * get answers), Backspaces, and at the end enough Backspaces to empty the box and then `final`.
 * The box ends holding `final`.
 */
function keySequence(n: number, final: string, seed: number): string[] {
  const words = ['jacket', 'tee', 'hoodie', 'pant', 'bag', 'short', 'yoga', 'watch', 'tank', 'bra'];
  const rand = (() => {
    let pool: number[] = [];
    let round = 0;
    return () => {
      if (pool.length === 0) pool = sample(Array.from({ length: 997 }, (_, i) => i / 997), 997, seed + round++);
      return pool.pop()!;
    };
  })();
  const keys: string[] = [];
  let value = '';
  let word = words[0]!;
  let at = 0;
  // Room left for the ending: Backspaces to empty the box (at most its length) and the final term.
  while (keys.length + value.length + final.length < n - 1) {
    const r = rand();
    // Backspaces win more often once the term is long: it stays a shopper's term, under 40 characters.
    if ((r < 0.25 || (value.length >= 40 && r < 0.6)) && value.length > 0) {
      keys.push('Backspace');
      value = value.slice(0, -1);
    } else if (r < 0.32) {
      keys.push('Space');
      value += ' ';
    } else {
      if (at >= word.length) {
        word = words[Math.floor(rand() * words.length)]!;
        at = 0;
      }
      keys.push(word[at]!);
      value += word[at++];
    }
  }
  // A typed key adds 2 to the sum, a Backspace 0: it ends at n - 1 or n. One short: a Shift, which types nothing.
  if (keys.length + value.length + final.length < n) keys.push('Shift');
  for (let i = value.length; i > 0; i--) keys.push('Backspace');
  keys.push(...final);
  return keys;
}

describe('a thousand rapid keystrokes (Chromium)', () => {
  it('[S4.4, S9.8] with answers overtaking each other, the dropdown ends on the final term\'s answer and the suggestion calls stay within the debounce bound', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const d = await detect(page, 'keystrokes');
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    // The input events' times, taken in the page as the box receives them.
    await page.addInitScript(() => {
      const times: number[] = [];
      (window as unknown as { __inputTimes: number[] }).__inputTimes = times;
      document.addEventListener('input', (e) => {
        if ((e.target as Element | null)?.matches?.('.site-header input')) times.push(performance.now());
      }, true);
    });
    // Odd-numbered calls are answered HOLD ms late, even-numbered ones at once: a call made right
    // after an odd one is answered first, and the older answer arrives after it.
    const asked: string[] = [];
    const answers = new Map<string, string[]>();
    let late = 0;
    let answered = 0;
    let sent = 0;
    await page.route(/\/api\/suggest/, async (route) => {
      const params = new URL(route.request().url()).searchParams;
      const q = params.get('q') ?? '';
      const mine = ++sent;
      if (params.get('event_type') === 'suggest') asked.push(q);
      const real = await route.fetch();
      const body = await real.text();
      const titles = ((JSON.parse(body) as { products?: Array<{ title: string }> }).products ?? []).map((p) => p.title);
      if (params.get('event_type') === 'suggest') answers.set(q, titles);
      if (mine % 2 === 1) await new Promise((r) => setTimeout(r, HOLD));
      // An answer to an older call arriving after a newer call was answered.
      if (mine < answered) late++;
      answered = Math.max(answered, mine);
      await route.fulfill({ response: real, body });
    });
    await page.goto(`${h.url}/collections/all`);
    await settled(page);
    const box = searchBox(page);
    await box.click();
    const keys = keySequence(KEYSTROKES, FINAL, 11);
    expect(keys).toHaveLength(KEYSTROKES);
    // As fast as the browser takes them, with two pauses longer than the delay (one key apart)
    // every PAUSE_EVERY keys: pairs of calls go out mid-burst, close enough for their answers to race.
    for (const [i, key] of keys.entries()) {
      await page.keyboard.press(key);
      const pause = i % PAUSE_EVERY === PAUSE_EVERY - 1 || (i % PAUSE_EVERY === 0 && i > 0);
      if (pause && i < keys.length - 1) await page.waitForTimeout(SUGGEST_DELAY + 40);
    }
    expect(await box.inputValue()).toBe(FINAL);

    // The dropdown shows the final term's products, and still does once every answer is in.
    const shown = () => page.locator('.pkg-suggest__dropdown .pkg-suggest__product-title').allInnerTexts();
    await expect.poll(() => answers.has(FINAL), { message: `asked ${JSON.stringify(asked)}` }).toBe(true);
    const expected = answers.get(FINAL)!;
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(shown).toEqual(expected);
    await d.quiet();
    await page.waitForTimeout(HOLD + 100); // every held answer has landed
    expect(await shown()).toEqual(expected);
    expect(await box.inputValue()).toBe(FINAL);

    // The bound: a suggestion call starts only after a pause of the suggestion delay since the
    // last input event, and only when the term changed.
    const times = await page.evaluate(() => (window as unknown as { __inputTimes: number[] }).__inputTimes);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    const pauses = gaps.filter((g) => g >= SUGGEST_DELAY - CLOCK_SLACK).length;
    const bound = pauses + 1;
    console.log(
      `[keystrokes] ${keys.length} keys (${keys.filter((k) => k === 'Backspace').length} Backspaces), ${times.length} input events, ` +
        `${pauses} pauses >= ${SUGGEST_DELAY - CLOCK_SLACK} ms (longest ${Math.round(Math.max(...gaps))} ms); ` +
        `${asked.length} suggestion calls (bound ${bound}), ${late} answered after a newer one; last terms asked: ${JSON.stringify(asked.slice(-3))}`,
    );
    expect(pauses).toBeGreaterThanOrEqual(2 * Math.floor((KEYSTROKES - 1) / PAUSE_EVERY) - 1);
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.length).toBeLessThanOrEqual(bound);
    expect(asked).toContain(FINAL);
    // The race happened: some older answers arrived after newer ones, and still lost.
    expect(late).toBeGreaterThan(0);
    // Each call is for a term different from the one before (S4.4: only when the term changed).
    for (let i = 1; i < asked.length; i++) expect(asked[i]).not.toBe(asked[i - 1]);

    // The page still works: Enter submits the final term to the search page, which lists products.
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === FINAL);
    await settled(page);
    expect(d.findings).toEqual([]);
    await page.close();
  }, 120_000);

  it('[S4.4] answers to every older term held back and released after the final term\'s, newest first: the final term\'s answer stays', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const d = await detect(page, 'keystrokes held');
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    const held: Array<() => void> = [];
    const asked: string[] = [];
    let finalTitles: string[] | null = null;
    await page.route(/\/api\/suggest/, async (route) => {
      const params = new URL(route.request().url()).searchParams;
      const q = params.get('q') ?? '';
      asked.push(q);
      const real = await route.fetch();
      const body = await real.text();
      if (q === FINAL) finalTitles = ((JSON.parse(body) as { products?: Array<{ title: string }> }).products ?? []).map((p) => p.title);
      else await new Promise<void>((release) => held.push(release));
      await route.fulfill({ response: real, body });
    });
    await page.goto(`${h.url}/`);
    const box = searchBox(page);
    await box.click();
    // Each word typed fast, then a pause until its call goes out: several older terms are asked.
    const words = ['hoo', 'hoodie', 'tee', 'yoga pant', 'bag', FINAL];
    await typeWordsAwaitingCalls(page, box, words);
    const shown = () => page.locator('.pkg-suggest__dropdown .pkg-suggest__product-title').allInnerTexts();
    await expect.poll(() => finalTitles !== null).toBe(true);
    await expect.poll(shown).toEqual(finalTitles);
    expect(held.length).toBe(words.length - 1);
    for (const release of held.reverse()) release();
    await d.quiet();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
    console.log(`[keystrokes] held answers: ${asked.length} calls for ${JSON.stringify(asked)}, ${held.length} released after the final one`);
    expect(await shown()).toEqual(finalTitles);
    expect(await box.inputValue()).toBe(FINAL);
    expect(d.findings).toEqual([]);
    await page.close();
  });

  it('[S4.9] a pasted term longer than the engine takes (it answers 400) asks once, shows the empty answer and leaves instant search on', async () => {
    const page = await h.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const d = await detect(page, 'long term');
    await page.route(/\/images\//, (route) => route.fulfill({ status: 204 }));
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/suggest')) statuses.push(r.status());
    });
    await page.goto(`${h.url}/`);
    const box = searchBox(page);
    await box.click();
    const long = 'jacket '.repeat(50).trim();
    await box.fill(long);
    await page.locator('.pkg-suggest__message--empty').waitFor();
    await d.quiet();
    expect(statuses).toEqual([400]);
    // Still on: a shopper's term is suggested as usual.
    await box.fill('');
    await box.pressSequentially(FINAL, { delay: 10 });
    await page.locator('.pkg-suggest__dropdown .pkg-suggest__product-title').first().waitFor();
    console.log(`[keystrokes] a ${long.length}-character term: answers ${JSON.stringify(statuses)}`);
    expect(statuses.at(-1)).toBe(200);
    expect(d.findings).toEqual([]);
    await page.close();
  });
});
