import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { launchOptions } from '../../scripts/chromium.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Every story becomes a test that renders it in real Chromium, runs its play function and
// checks it with axe (a11y.test = 'error' in the preview). visual/visual-setup.ts then compares
// screenshots of it in light and dark (and right to left / phone where a story asks) with the
// baselines in visual/baselines. UPDATE_SCREENSHOTS=1 rewrites the baselines.
export default defineConfig({
  // Pre-bundled from the start, so running one story file works too: otherwise Vite discovers
  // React only from that file's imports and serves its CommonJS entry unbundled ("does not provide
  // an export named 'default'").
  optimizeDeps: { include: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client'] },
  test: {
    ...(process.env.UPDATE_SCREENSHOTS === '1' ? { update: 'all' as const } : {}),
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        test: {
          name: 'storybook',
          setupFiles: ['./visual/visual-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            // The top-level page is larger than the test iframe (1280 × 900), so the iframe is never
            // scaled down and screenshots are taken at 1 CSS pixel per pixel.
            provider: playwright({ launchOptions, contextOptions: { viewport: { width: 1300, height: 920 } } }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1280, height: 900 },
            expect: {
              toMatchScreenshot: {
                // Same Debian Chromium and fonts everywhere: small anti-aliasing noise is tolerated
                // (per-pixel colour threshold), anything larger than 0.3 % of the pixels fails.
                comparatorName: 'pixelmatch',
                comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.003 },
                screenshotOptions: { animations: 'disabled', caret: 'hide', scale: 'css' },
                timeout: 10_000,
                resolveScreenshotPath: ({ arg, ext }) => path.join(dirname, 'visual/baselines', `${arg}${ext}`),
                resolveDiffPath: ({ arg, ext }) => path.join(dirname, 'visual/diffs', `${arg}${ext}`),
              },
            },
          },
        },
      },
    ],
  },
});
