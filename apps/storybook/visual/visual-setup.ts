// Visual regression and scheme/direction accessibility for every story, run after each story's test
// (render, play function, axe) while the story is still mounted: a screenshot of what the story
// shows in light and dark, compared with the committed baseline in visual/baselines, and axe's
// colour-contrast rule in dark. Stories whose parameters ask for it (`visual: { variants }`) are
// also taken right-to-left (with every axe rule) and at phone width (light and dark).
//
// Update the baselines after an intended change: UPDATE_SCREENSHOTS=1 pnpm --filter @apps/storybook test
import axe from 'axe-core';
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';
import { applySurroundings, type Direction, type PkgTheme } from '../.storybook/preview';

export type VisualVariant = 'rtl' | 'phone';
export interface VisualParameters {
  /** Extra variants beyond light and dark at desktop width. */
  variants?: VisualVariant[];
  /** A story outside the storefront theme with no dark scheme (the owner's dashboard): light only. */
  lightOnly?: boolean;
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const BOX_ID = 'pkg-visual-box';

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));

/**
 * Places a transparent box over everything the story painted (the union of its visible elements'
 * boxes, fixed overlays and portals included) and returns it: the screenshot is clipped to it, so
 * baselines stay small and page margins do not matter.
 */
function visualBox(): HTMLElement {
  document.getElementById(BOX_ID)?.remove();
  const doc = document.documentElement;
  scrollTo(0, 0);
  let [top, left, bottom, right] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const el of document.body.querySelectorAll<HTMLElement>('body > div *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.opacity === '0') continue;
    top = Math.min(top, r.top + scrollY);
    left = Math.min(left, r.left + scrollX);
    bottom = Math.max(bottom, r.bottom + scrollY);
    right = Math.max(right, r.right + scrollX);
  }
  if (!Number.isFinite(top)) [top, left, bottom, right] = [0, 0, 40, 40];
  const pad = 8;
  const box = document.createElement('div');
  box.id = BOX_ID;
  box.setAttribute('aria-hidden', 'true');
  const x = Math.max(0, Math.floor(left) - pad);
  const y = Math.max(0, Math.floor(top) - pad);
  // Only what the test frame shows can be captured: a story taller than the viewport is compared
  // by its first screen.
  const width = Math.min(doc.clientWidth, Math.ceil(right) + pad) - x;
  const height = Math.min(innerHeight, Math.ceil(bottom) + pad) - y;
  Object.assign(box.style, { position: 'absolute', left: `${x}px`, top: `${y}px`, width: `${width}px`, height: `${height}px`, pointerEvents: 'none', zIndex: '2147483647' });
  document.body.appendChild(box);
  return box;
}

/**
 * Product photos are not the theme: while screenshots are taken they paint as a flat skeleton
 * block of their own size, which keeps baselines small (a few KB instead of hundreds) and stable.
 */
function maskPhotos(): () => void {
  const style = document.createElement('style');
  style.textContent = 'img { object-position: -100000px 0 !important; background: var(--pkg-color-skeleton) !important; }';
  document.head.appendChild(style);
  return () => style.remove();
}

async function shoot(name: string): Promise<void> {
  await frame();
  await document.fonts.ready;
  // Images in the frame only: a lazy image below it never loads, so never decodes.
  const inView = [...document.images].filter((img) => img.getBoundingClientRect().top < innerHeight);
  await Promise.all(
    inView.map((img) =>
      img.complete
        ? undefined
        : new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
            setTimeout(done, 5000);
          }),
    ),
  );
  const box = visualBox();
  try {
    await expect.element(page.elementLocator(box)).toMatchScreenshot(name);
  } finally {
    box.remove();
  }
}

async function axeViolations(rules: 'contrast' | 'all'): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    ...(rules === 'contrast' ? { runOnly: { type: 'rule', values: ['color-contrast'] } } : { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  });
  return result.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function variant(theme: PkgTheme, dir: Direction): Promise<void> {
  applySurroundings(theme, dir);
  await frame();
  // The scheme switch starts colour transitions: axe and the screenshot must see their end.
  await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null)));
}

afterEach(async (ctx) => {
  const storyId = (ctx.task.meta as { storyId?: string }).storyId;
  const story = (ctx as unknown as { story?: { parameters?: { visual?: VisualParameters } } }).story;
  if (!storyId || ctx.task.result?.errors?.length) return;
  const variants = story?.parameters?.visual?.variants ?? [];
  const unmask = maskPhotos();
  try {
    await variant('light', 'ltr');
    await shoot(`${storyId}--light`);
    if (!story?.parameters?.visual?.lightOnly) {
      await variant('dark', 'ltr');
      await shoot(`${storyId}--dark`);
      expect(await axeViolations('contrast'), 'axe in dark').toEqual([]);
    }
    if (variants.includes('rtl')) {
      await variant('light', 'rtl');
      await shoot(`${storyId}--rtl`);
      expect(await axeViolations('all'), 'axe right to left').toEqual([]);
    }
    if (variants.includes('phone')) {
      await page.viewport(PHONE.width, PHONE.height);
      await variant('light', 'ltr');
      await shoot(`${storyId}--phone-light`);
      await variant('dark', 'ltr');
      await shoot(`${storyId}--phone-dark`);
      expect(await axeViolations('contrast'), 'axe in dark at phone width').toEqual([]);
    }
  } finally {
    unmask();
    await page.viewport(DESKTOP.width, DESKTOP.height);
    applySurroundings('light', 'ltr');
  }
});
