import type { Preview } from '@storybook/react-vite';
import { initialize, mswLoader } from 'msw-storybook-addon';

// The service worker answers the API calls of stories through msw handlers that call the
// in-memory engine (never canned JSON). Unhandled requests are errors, so nothing leaks out.
initialize({ onUnhandledRequest: 'error', quiet: true });

const preview: Preview = {
  loaders: [mswLoader],
  parameters: {
    layout: 'padded',
    // Every story is checked with axe; a violation fails the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;
