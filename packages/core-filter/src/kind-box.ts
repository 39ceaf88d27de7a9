// The box kind (F3.9, F9.6): term values shown as boxes of one width, without product counts
// (the original's libraries print no count on a box, whatever `showFilterOptionCount` says).
import { termKind } from './kind-list';
import type { OptionKind } from './option-kind';

export const boxKind: OptionKind = /* @__PURE__ */ termKind('box', false, false);
