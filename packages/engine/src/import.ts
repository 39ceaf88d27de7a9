// @pkg/engine/import: catalog importers, for the moment a catalog is loaded (a build script, a
// server's start-up). Kept out of the main entry, which only answers calls, so the engine a
// browser loads for in-process use does not carry them.
export { catalogFromProductsJson, importProductsJson, productFromJson, ProductJsonError } from './import-products-json';
export { createProductUpdatesRoute, parseProductWebhook, PRODUCT_TOPICS } from './product-updates-route';
export type { ProductUpdatesRouteOptions, ProductTopic } from './product-updates-route';
export type { ImportOptions } from './import-products-json';
export { importProductCsv } from './import-product-csv';
export type { CsvImportOptions } from './import-product-csv';
export { parseCsv } from './parse-csv';
