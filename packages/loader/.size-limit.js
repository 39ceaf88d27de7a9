// The loader's size budgets. The theme files' names carry content hashes and which of them a
// collection page fetches first is decided by the build, so their entries are read from the
// manifest the theme build writes (dist/theme/manifest.json). Each theme file is measured as built
// (not bundled again: size-limit's bundler would pull the parts behind import() back in), gzip per
// file, and an entry's files are summed: that is what the browser fetches.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'dist/theme/manifest.json'), 'utf8'));
} catch {
  throw new Error('[@pkg/loader] size-limit needs the theme build: run `pnpm --filter @pkg/loader build`.');
}
const theme = (files) => files.map((f) => `dist/theme/${f}`);
const asBuilt = { disablePlugins: ['@size-limit/esbuild'], gzip: true };
// Each part loaded on demand: its measured size + 0.01 kB (size-limit's kB is 1,000 B) (the README's "Theme files and size").
const LAZY_LIMITS = {
  'mount-search-boxes': ['the search box: SearchBox, its suggestion dropdown and mobile overlay, @pkg/suggest\'s controller; loaded when the shopper reaches a search box', '10.92 kB'],
  'search-page': ['the search page: its tabs and no-result view; loaded on the search page', '4.42 kB'],
  'mobile-tree': ['the mobile tree; loaded on a phone with a mobile-only tree container', '2.69 kB'],
  'quick-view': ['quick view; loaded on the first click on a quick-view button', '2.35 kB'],
  'recently-viewed': ['the recently-viewed slider; loaded on pages with its container', '0.55 kB'],
};

export default [
  {
    name: "@pkg/loader theme, a collection page's first load: the classic script a shop adds and every module it loads before the tree and products render (Preact through preact/compat and every @pkg dependency included; target and ceiling 80 KB)",
    path: theme([manifest.js, ...manifest.modules]),
    limit: '81.92 kB',
    ...asBuilt,
  },
  ...manifest.lazy.map((part) => {
    const known = LAZY_LIMITS[part.part];
    if (!known) throw new Error(`[@pkg/loader] the theme part ${part.part} has no size budget in .size-limit.js.`);
    return { name: `@pkg/loader theme, on demand: ${known[0]}`, path: theme(part.files), limit: known[1], ...asBuilt };
  }),
  {
    name: '@pkg/loader theme sanitiser (DOMPurify as an ES module, loaded by import() where shop HTML renders)',
    path: theme([manifest.sanitizer]),
    limit: '12 KB',
    ...asBuilt,
  },
  {
    name: '@pkg/loader ESM, own code (React and @pkg packages external)',
    path: 'dist/index.js',
    limit: '14.11 kB',
    ignore: ['react', 'react-dom', 'react-dom/client', '@pkg/core-filter', '@pkg/react-ui', '@pkg/analytics', '@pkg/kit'],
  },
];
