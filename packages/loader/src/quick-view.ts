// Quick view, loaded on demand: the theme build makes this file its own (see mount-cart's QuickViewPart).
export { QuickView } from '@pkg/react-ui';
