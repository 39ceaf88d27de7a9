export { createStore } from './create-store';
export type { Store, StoreOptions, WritableStore } from './create-store';
export { deepFreeze } from './deep-freeze';
export { createWarn } from './create-warn';
export type { Warn } from './create-warn';
export { seededRandom } from './seeded-random';
export { isRec, arr, describeValue, textsOver } from './read';
export type { Rec } from './read';
