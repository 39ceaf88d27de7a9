import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';

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
  parameters: {
    layout: 'padded',
    // Every story is checked with axe; a violation fails the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;
