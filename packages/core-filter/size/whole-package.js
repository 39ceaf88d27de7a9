// Not published: the size-limit entry that measures the whole package (the main entry and every
// subpath entry bundled together, shared chunks counted once), in the same form as the old
// single-entry measure (`path`), so the figures compare.
export * from '../dist/index.js';
export * from '../dist/view.js';
export * from '../dist/tolerant.js';
export * from '../dist/server.js';
export * from '../dist/search.js';
