// The one place that says which Chromium the tests drive and with which flags.
// Test tools never download a browser here: Debian's chromium at /usr/bin/chromium is used,
// or the executable named by CHROMIUM_PATH.
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Flags that work as root on a machine without network access.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const launchOptions = { executablePath: chromiumPath, args: chromiumArgs, headless: true };
