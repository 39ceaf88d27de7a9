// The recently-viewed slider, loaded on demand: the theme build makes this file its own (only pages with a slider container fetch it).
export { RecentlyViewed } from '@pkg/react-ui';
