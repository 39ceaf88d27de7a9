// What a page in Chromium complains about: console warnings and errors (React reports hydration
// mismatches there), uncaught page errors and failed responses, in the order they came.
import type { Page } from 'playwright-core';

/** Starts listening on `page`; the returned list fills as problems arrive. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  return problems;
}
