// Screenshot comparison for the demo-shop journeys: the page is captured by Playwright (animations
// stopped, caret hidden, photos painted as placeholders so the baselines show the theme and stay small), and compared
// with its committed baseline in e2e/visual/baselines by decoding both PNGs in Chromium itself (no
// image library). A pixel differs when its colour distance exceeds THRESHOLD; the screenshot fails
// when more than MAX_DIFF_RATIO of its pixels differ (anti-aliasing noise stays below that).
//
// UPDATE_SCREENSHOTS=1 rewrites the baselines. A missing baseline is written and fails the test
// (review it and commit), except under CI where it only fails.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';

const visualDir = join(resolve(dirname(fileURLToPath(import.meta.url))), 'visual');
export const baselinesDir = join(visualDir, 'baselines');
const diffsDir = join(visualDir, 'diffs');

/** Colour distance (0..1, per channel average) above which a pixel counts as different. */
export const THRESHOLD = 0.1;
/** Share of differing pixels a screenshot may have. */
export const MAX_DIFF_RATIO = 0.003;

export interface Comparison {
  width: number;
  height: number;
  differing: number;
  /** A PNG marking the differing pixels in red, when any differ. */
  diff: Buffer | null;
}

/** Compares two PNGs pixel by pixel in a blank Chromium page. */
export async function comparePngs(browser: Browser, expected: Buffer, actual: Buffer): Promise<Comparison | { sizeMismatch: string }> {
  const page = await browser.newPage();
  try {
    const out = await page.evaluate(
      async ([a, b, threshold]) => {
        const load = async (b64: string) => createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
        const [ea, eb] = await Promise.all([load(a as string), load(b as string)]);
        if (ea.width !== eb.width || ea.height !== eb.height) return { sizeMismatch: `${ea.width}×${ea.height} expected, got ${eb.width}×${eb.height}` };
        const pixels = (img: ImageBitmap) => {
          const c = new OffscreenCanvas(img.width, img.height);
          const ctx = c.getContext('2d', { colorSpace: 'srgb' })!;
          ctx.drawImage(img, 0, 0);
          return ctx.getImageData(0, 0, img.width, img.height, { colorSpace: 'srgb' }).data;
        };
        const [pa, pb] = [pixels(ea), pixels(eb)];
        const diff = new OffscreenCanvas(ea.width, ea.height);
        const dctx = diff.getContext('2d')!;
        const marks = dctx.createImageData(ea.width, ea.height);
        let differing = 0;
        for (let i = 0; i < pa.length; i += 4) {
          const d = (Math.abs(pa[i]! - pb[i]!) + Math.abs(pa[i + 1]! - pb[i + 1]!) + Math.abs(pa[i + 2]! - pb[i + 2]!)) / (3 * 255);
          const off = d > (threshold as number);
          if (off) differing++;
          marks.data[i] = off ? 255 : pa[i]! / 3 + 170;
          marks.data[i + 1] = off ? 0 : pa[i + 1]! / 3 + 170;
          marks.data[i + 2] = off ? 0 : pa[i + 2]! / 3 + 170;
          marks.data[i + 3] = 255;
        }
        let diffB64: string | null = null;
        if (differing > 0) {
          dctx.putImageData(marks, 0, 0);
          const blob = await diff.convertToBlob({ type: 'image/png' });
          const bytes = new Uint8Array(await blob.arrayBuffer());
          let s = '';
          for (const byte of bytes) s += String.fromCharCode(byte);
          diffB64 = btoa(s);
        }
        return { width: ea.width, height: ea.height, differing, diffB64 };
      },
      [expected.toString('base64'), actual.toString('base64'), THRESHOLD] as const,
    );
    if ('sizeMismatch' in out) return { sizeMismatch: out.sizeMismatch as string };
    return { width: out.width, height: out.height, differing: out.differing, diff: out.diffB64 ? Buffer.from(out.diffB64, 'base64') : null };
  } finally {
    await page.close();
  }
}

/**
 * Product photos are not the theme: during the capture each paints as a flat block of the theme's
 * skeleton colour at its own size and stacking (unlike a mask, overlays still cover it), which
 * keeps baselines small and stable.
 */
const PHOTOS_AS_PLACEHOLDERS = 'img { object-position: -100000px 0 !important; background: var(--pkg-color-skeleton) !important; }';

/** Waits until the page's fonts are loaded and every image in the viewport has decoded. */
export async function stable(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Images in the viewport only: a lazy image below the fold never loads, so never decodes.
    const inView = [...document.images].filter((img) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight && r.width > 0;
    });
    await Promise.all(inView.map((img) => (img.complete ? null : img.decode().catch(() => null))));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Takes the viewport's screenshot and compares it with baseline `name`. Returns a message when it
 * does not match (empty when it does), so one test can report several screenshots at once.
 */
export async function matchScreenshot(page: Page, name: string): Promise<string> {
  await stable(page);
  const actual = await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css', style: PHOTOS_AS_PLACEHOLDERS });
  const file = join(baselinesDir, `${name}.png`);
  if (process.env.UPDATE_SCREENSHOTS === '1' || !existsSync(file)) {
    const missing = !existsSync(file);
    if (missing && process.env.CI) return `${name}: no baseline ${file} (run with UPDATE_SCREENSHOTS=1 and commit it)`;
    mkdirSync(baselinesDir, { recursive: true });
    writeFileSync(file, actual);
    return missing && process.env.UPDATE_SCREENSHOTS !== '1' ? `${name}: no baseline; wrote ${file}, review and commit it` : '';
  }
  const result = await comparePngs(page.context().browser()!, readFileSync(file), actual);
  if ('sizeMismatch' in result) return `${name}: ${result.sizeMismatch}`;
  const ratio = result.differing / (result.width * result.height);
  if (ratio <= MAX_DIFF_RATIO) return '';
  mkdirSync(diffsDir, { recursive: true });
  writeFileSync(join(diffsDir, `${name}-actual.png`), actual);
  if (result.diff) writeFileSync(join(diffsDir, `${name}-diff.png`), result.diff);
  return `${name}: ${result.differing} pixels (${(ratio * 100).toFixed(2)} %) differ from the baseline; see ${join(diffsDir, `${name}-diff.png`)}`;
}
