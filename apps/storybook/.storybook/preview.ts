import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import '@pkg/react-ui/styles.css';
import './preview.css';

/** The shopper's surroundings a story is shown in: colour scheme and writing direction. */
export type PkgTheme = 'light' | 'dark' | 'system';
export type Direction = 'ltr' | 'rtl';

/**
 * Applies the toolbar's scheme and direction to the whole preview document (portals such as the
 * drawer, dialogs and the search overlay render outside the story's root, so the root element is
 * the one ancestor they all share). `system` leaves the scheme to prefers-color-scheme.
 */
export function applySurroundings(theme: PkgTheme, dir: Direction, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') root.removeAttribute('data-pkg-theme');
  else root.setAttribute('data-pkg-theme', theme);
  root.setAttribute('dir', dir);
}

const withSurroundings: Decorator = (Story, context) => {
  const theme = (context.globals.pkgTheme ?? 'light') as PkgTheme;
  const dir = (context.globals.direction ?? 'ltr') as Direction;
  applySurroundings(theme, dir);
  return Story();
};

const preview: Preview = {
  // The service worker answers the API calls of stories through msw handlers that call the
  // in-memory engine (never canned JSON). A request to the API that no handler answers is an
  // error, so no story silently depends on a network.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        quiet: true,
        onUnhandledRequest(request, print) {
          const { pathname } = new URL(request.url);
          if (pathname.startsWith('/api/') || pathname.startsWith('/cart')) print.error();
        },
      });
      return worker;
    }),
  ],
  decorators: [withSurroundings],
  // Toolbar switches: light / dark / the system's scheme, and left-to-right / right-to-left. Phone
  // and desktop widths are the viewport switch (options below).
  globalTypes: {
    pkgTheme: {
      description: 'Colour scheme of the default theme',
      toolbar: {
        title: 'Scheme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'system', title: "System (prefers-color-scheme)", icon: 'browser' },
        ],
        dynamicTitle: true,
      },
    },
    direction: {
      description: 'Writing direction of the page',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    pkgTheme: 'light',
    direction: 'ltr',
    viewport: { value: 'desktop', isRotated: false },
  },
  parameters: {
    layout: 'padded',
    // Every story is checked with axe; a violation fails the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true },
    viewport: {
      options: {
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        desktop: { name: 'Desktop (1280 × 900)', styles: { width: '1280px', height: '900px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
