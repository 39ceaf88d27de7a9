// `@pkg/core-filter/server`: the first answer of a page computed on the server (`loadFilterData`)
// for a controller to start with (`initialData`), so a hydrating render matches. Only server
// rendering needs it, so it is an entry of its own.
export { loadFilterData, type LoadFilterDataOptions } from './load-filter-data';
