export { InsightsApp, TOKEN_KEY } from './insights-app';
export type { InsightsAppProps } from './insights-app';
export { InsightsDashboard } from './insights-dashboard';
export type { InsightsDashboardProps } from './insights-dashboard';
export { SortableTable } from './sortable-table';
export type { Column } from './sortable-table';
