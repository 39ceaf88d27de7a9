// `@pkg/core-filter/tolerant`: settings read the way a browser reads what a shop's template wrote
// (page globals): what can be read is kept, the rest named and set aside. `createSettings` stays
// strict in the main entry; only a page reading template-written settings needs this reader.
export { tolerateSettings, tolerateValue, isBlank, type ToleratedSettings } from './tolerate-settings';
