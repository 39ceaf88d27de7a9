export { createEngine } from './create-engine';
export type { Engine, EngineOptions, EngineRequest, EngineResponse, CartLineInput, BackInStockRequest } from './engine-types';
export { createMemoryStore } from './engine-store';
export type { EngineStore, CartStore, AnalyticsStore, BackInStockStore } from './engine-store';
export type { Catalog, CatalogProduct, CatalogVariant, CatalogOption, CatalogImage, CatalogCollection, CatalogPage, EngineFilterOption } from './catalog';
export { EngineRequestError } from './engine-request-error';
export { LIMITS } from './limits';
export { toWireProduct } from './to-wire-product';
export type { ParamsInit } from './request-params';
