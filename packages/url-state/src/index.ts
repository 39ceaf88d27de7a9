export { createUrlConfig, OTHER_PARAMS } from './url-config';
export type { PageKind, UrlConfig, UrlConfigOptions, UrlDefaults, UrlScheme } from './url-config';
export { OPTION_FLAGS } from './filter-url-state';
export type { FilterUrlState, OptionFlag, OptionFlags } from './filter-url-state';
export { parseQuery } from './parse-query';
export { serializeQuery } from './serialize-query';
export { toApiParams } from './to-api-params';
export { readCollectionParams } from './read-collection-params';
export type { CollectionParams } from './read-collection-params';
export { readLocation } from './read-location';
export { activeScheme, movedParam } from './query-keys';
export type { LocationParts, LocationRead } from './read-location';
// The router is the `@pkg/url-state/router` entry (it needs a history); its types are here too.
export type { RouteChange, Router, RouterHistory, RouterOptions, RouterWindow, RouterWrite } from './router';
export { isBadInput, isBadUrl } from './screen';
export { decodeFormComponent, encodeFormComponent } from './form-encoding';
