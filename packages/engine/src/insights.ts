// @pkg/engine/insights: search insights for the shop owner, computed from the engine's store
// (browser-safe: the dashboard's Storybook stories run it through msw).
export { createInsightsRoute, constantTimeEqual, readRange } from './insights-route';
export type { InsightsRouteOptions } from './insights-route';
export { computeInsights, eventQuery, queryKey } from './compute-insights';
export type { Insights, InsightsInput, QueryRow, PositionRow, FilterRow, CartRow, SuggestTermRow } from './compute-insights';
