// A site for a Chromium test: an HTTP server on a free loopback port with the test's own handler,
// and a headless Chromium (the one scripts/chromium.mjs names) to open its pages.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { launchOptions } from '../chromium.mjs';

export interface BrowserSite {
  /** `http://127.0.0.1:<port>`, the server's address. */
  readonly origin: string;
  readonly browser: Browser;
  /** Closes the browser, then the server. */
  close(): Promise<void>;
}

export async function startBrowserSite(handler: RequestListener): Promise<BrowserSite> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browser: Browser;
  try {
    browser = await chromium.launch(launchOptions as Parameters<typeof chromium.launch>[0]);
  } catch (e) {
    server.close();
    throw e;
  }
  return {
    origin,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
