import { createWarn } from '@pkg/kit';

/** Console warnings carry the package prefix (F8.11). The console is looked up lazily. */
export const PREFIX = '[@pkg/core-filter]';

export const warn = /* @__PURE__ */ createWarn(PREFIX);
