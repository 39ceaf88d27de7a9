// The hostile-input detector for the Chromium journeys: traps installed in every document before
// any of its scripts run, page events, and a scan of the DOM for active content. A payload is
// "armed" first (its alert/prompt/confirm/eval calls become calls of the `__xss` trap), so any
// payload that executes is recorded, whichever sink ran it.
import type { Page } from 'playwright-core';
import { readFixtureLines } from '../../../scripts/test-utils/fixtures';

/** The payload corpus and the benign terms (fixtures/hostile-input). */
export const payloads = (): string[] => readFixtureLines('hostile-input/xss-payloads.txt');

/** Everyday terms with quotes, ampersands and brackets (fixtures/hostile-input/benign-terms.txt). */
export const benignTerms = (): string[] => readFixtureLines('hostile-input/benign-terms.txt');

/** Replaces the calls a payload makes with the `__xss` trap, keeping the payload otherwise. */
export const arm = (payload: string): string => payload.replace(/\b(?:alert|prompt|confirm|eval)\b/g, '__xss');

/** A deterministic sample: the first `n` of a seeded shuffle (mulberry32). */
export function sample<T>(list: readonly T[], n: number, seed: number): T[] {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out.slice(0, n);
}

const MARK = '__XSS_HIT__';

/**
 * Runs in every frame before the page's scripts: dialogs and `print` record instead of showing,
 * `__xss` is a trap (calling it, or assigning to it, records), and the scripts the page was served
 * with are remembered so that any other script element is noticed. Hits go to the console, which
 * Playwright hears from every frame, same-origin or not.
 */
function installTraps(mark: string): void {
  const record = (what: string, arg: unknown) => {
    let text = '';
    try {
      text = String(arg).slice(0, 120);
    } catch {
      text = '?';
    }
    console.log(`${mark} ${what} ${text}`);
  };
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    Object.defineProperty(window, name, { configurable: false, writable: false, value: (arg?: unknown) => record(name, arg) });
  }
  const trap = (arg?: unknown) => record('__xss', arg);
  Object.defineProperty(window, '__xss', { configurable: false, get: () => trap, set: (v: unknown) => record('__xss=', v) });
  const served = new WeakSet<Element>();
  Object.defineProperty(window, '__servedScripts', { configurable: false, value: served });
  const remember = () => {
    for (const s of Array.from(document.scripts)) served.add(s);
  };
  document.addEventListener('readystatechange', remember);
  document.addEventListener('DOMContentLoaded', remember);
}

/** In the page: every element or attribute that could run script or leave for a bad scheme. */
function scanDom(): string[] {
  const bad: string[] = [];
  const served = (window as unknown as { __servedScripts?: WeakSet<Element> }).__servedScripts;
  const badScheme = (v: string) => /^(?:javascript|data|vbscript):/.test(v.replace(/[\u0000-\u0020]/g, '').toLowerCase());
  const urlAttrs = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcset', 'ping'];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on')) bad.push(`<${tag} ${name}=${a.value.slice(0, 60)}>`);
      else if (name === 'srcdoc') bad.push(`<${tag} srcdoc>`);
      else if (urlAttrs.includes(name) && badScheme(a.value)) bad.push(`<${tag} ${name}=${a.value.slice(0, 60)}>`);
    }
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) {
      const protocol = (el as HTMLAnchorElement).protocol;
      if (protocol !== 'http:' && protocol !== 'https:') bad.push(`<${tag} href> with ${protocol}`);
    }
    if (tag === 'script' && !served?.has(el)) bad.push(`<script> not served by the shop: ${(el.textContent ?? '').slice(0, 60)}`);
    if (['iframe', 'frame', 'object', 'embed', 'base', 'portal'].includes(tag)) bad.push(`<${tag}>`);
    if (tag === 'meta' && /refresh/i.test(el.getAttribute('http-equiv') ?? '')) bad.push('<meta http-equiv=refresh>');
  }
  return bad;
}

export interface Detector {
  /** Everything seen so far: trap calls, dialogs, page errors, bad navigations, DOM findings. */
  readonly findings: string[];
  /** Files later findings under `where` (the delivery being tried). */
  at(where: string): void;
  /** Scans every frame's DOM now; findings are added with `context`. */
  scan(context: string): Promise<void>;
  /** Waits until no request is in flight for a short while (at most `max` ms). */
  quiet(max?: number): Promise<void>;
  /** Requests made since the detector was armed, by path. */
  readonly requests: string[];
}

/** Arms `page` (call before its first navigation). */
export async function detect(page: Page, label: string): Promise<Detector> {
  const findings: string[] = [];
  const requests: string[] = [];
  let inflight = 0;
  let lastActivity = Date.now();
  let context = label;
  await page.addInitScript(installTraps, MARK);
  page.on('console', (m) => {
    if (m.text().startsWith(MARK)) findings.push(`${context}: trap ${m.text().slice(MARK.length + 1)}`);
  });
  page.on('dialog', (d) => {
    findings.push(`${context}: dialog ${d.type()} ${d.message().slice(0, 80)}`);
    void d.dismiss().catch(() => {});
  });
  page.on('pageerror', (e) => findings.push(`${context}: page error ${e.message.slice(0, 120)}`));
  page.on('framenavigated', (f) => {
    if (/^(?:javascript|data|vbscript):/i.test(f.url())) findings.push(`${context}: navigation to ${f.url().slice(0, 80)}`);
  });
  page.on('popup', (p) => findings.push(`${context}: popup ${p.url().slice(0, 80)}`));
  page.on('request', (r) => {
    inflight++;
    lastActivity = Date.now();
    if (/^(?:javascript|data|vbscript):/i.test(r.url()) && r.resourceType() !== 'image') findings.push(`${context}: request to ${r.url().slice(0, 80)}`);
    try {
      requests.push(new URL(r.url()).pathname);
    } catch {
      requests.push(r.url());
    }
  });
  const done = () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    findings,
    requests,
    at(where) {
      context = where;
    },
    async scan(where) {
      for (const frame of page.frames()) {
        const found = await frame.evaluate(scanDom).catch((e: Error) => [`scan failed: ${e.message.slice(0, 80)}`]);
        for (const f of found) findings.push(`${where}: ${f}`);
      }
    },
    async quiet(max = 3000) {
      const until = Date.now() + max;
      while (Date.now() < until && (inflight > 0 || Date.now() - lastActivity < 60)) await new Promise((r) => setTimeout(r, 15));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))).catch(() => {});
    },
  };
}

/** URLs a hostile answer may carry: none of them may reach an href or src, or be followed. */
export const HOSTILE_URLS = [
  'javascript:__xss(101)',
  ' JaVaScRiPt:__xss(102)',
  '\tjava\nscript:__xss(103)',
  'data:text/html,<script>__xss(104)</script>',
  'data:text/html;base64,PHNjcmlwdD5fX3hzcygxMDUpPC9zY3JpcHQ+',
  'vbscript:msgbox(106)',
];

const TEXT_KEYS = new Set(['title', 'vendor', 'product_type', 'label', 'displayName', 'tag', 'alt', 'name', 'body_html', 'excerpt', 'summary', 'description', 'content', 'prefix', 'tooltip', 'key', 'handle', 'query']);
const TEXT_LISTS = new Set(['suggestions', 'did_you_mean', 'tags', 'search_terms']);
const URL_KEYS = new Set(['url', 'src', 'image', 'redirect', 'featured_image']);

/**
 * Replaces the text and URL fields of a real engine answer with payloads (`nextText`) and hostile
 * URLs (`nextUrl`), keeping its shape: ids, numbers and booleans stay, so the page renders it.
 */
export function mutateAnswer(value: unknown, nextText: () => string, nextUrl: () => string, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => (TEXT_LISTS.has(key) && typeof v === 'string' ? nextText() : mutateAnswer(v, nextText, nextUrl, key)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'suggestions_redirect' && v && typeof v === 'object') out[k] = Object.fromEntries(Object.keys(v).map((term) => [term, nextUrl()]));
      else if (typeof v === 'string' && URL_KEYS.has(k)) out[k] = nextUrl();
      else if (k === 'redirect' && v === null) out[k] = nextUrl();
      else if (typeof v === 'string' && TEXT_KEYS.has(k)) out[k] = nextText();
      else out[k] = mutateAnswer(v, nextText, nextUrl, k);
    }
    return out;
  }
  return value;
}
