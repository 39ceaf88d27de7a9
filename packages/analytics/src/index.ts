export { createAnalytics, CART_RETRY_DELAY } from './create-analytics';
export type {
  Analytics,
  AnalyticsOptions,
  AnalyticsSnapshot,
  FetchLike,
  PageEvent,
  PageEventListener,
  RequestInitLike,
  ResponseLike,
  TimersLike,
  TrackExtra,
} from './create-analytics';
export { ACTIONS, SOURCES } from './analytics-record';
export type { AnalyticsAction, AnalyticsPayload, AnalyticsRecord, AnalyticsSource } from './analytics-record';
export type { StorageLike } from './safe-storage';
