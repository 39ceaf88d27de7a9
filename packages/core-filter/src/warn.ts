import { createWarn } from '@pkg/kit';

/** Console warnings carry the package prefix (F8.11). The console is looked up lazily. */
export const PREFIX = '[@pkg/core-filter]';

export const warn = /* @__PURE__ */ createWarn(PREFIX);

// Development-only code sits behind `typeof process === 'object' && process.env.NODE_ENV !==
// 'production'`: false without a `process` (a page loading dist as it is), and a bundler that sets
// NODE_ENV removes the whole test. With `typeof process !== 'undefined'` esbuild (Vite, size-limit)
// keeps the `typeof` test at every site.
