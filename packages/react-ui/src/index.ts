export { Price, defaultPriceTranslations } from './Price';
export type { PriceProps, PriceClassNames, PriceTranslations } from './Price';
export { cx } from './class-names';
export { SafeHtml, isSafeUrl } from './SafeHtml';
export type { SafeHtmlProps } from './SafeHtml';
export { useStore, shallowEqual } from './use-store';
export type { ExternalStore } from './use-store';
