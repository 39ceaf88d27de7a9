import { useEffect, useMemo, type ReactNode } from 'react';
import { createFilterController, type FilterController, type SettingsInput } from '@pkg/core-filter';
import { FilterProvider } from '@pkg/react-ui';

export interface StoryShopProps {
  /** The page the story pretends to be on, e.g. `/collections/all` or `/search?q=jacket`. */
  url?: string;
  settings?: SettingsInput;
  children: ReactNode;
  onController?(controller: FilterController): void;
}

export const demoSettings: SettingsInput = {
  api: { filterUrl: '/api/filter', searchUrl: '/api/search', suggestionUrl: '/api/suggest', analyticsUrl: '/api/analytics', productsUrl: '/api/products' },
  shop: { name: 'Luma', domain: 'luma.example', currency: 'USD', money_format: '${{amount}}', money_format_with_currency: '${{amount}} USD' },
  filter: { transport: 'fetch' },
};

/**
 * A filter controller over the demo engine (through msw), created for one story. History sync is
 * off (window: null) so stories never rewrite Storybook's own address.
 */
export function StoryShop({ url = '/collections/all', settings, children, onController }: StoryShopProps) {
  const controller = useMemo(() => {
    const [pathname = '/', search = ''] = url.split('?');
    return createFilterController({
      settings: { ...demoSettings, ...settings, api: { ...demoSettings.api, ...settings?.api }, shop: { ...demoSettings.shop, ...settings?.shop }, filter: { ...demoSettings.filter, ...settings?.filter } },
      location: { pathname, search: search ? `?${search}` : '' },
      window: null,
      fetch: (input, init) => globalThis.fetch(input, init),
    });
  }, [url, settings]);
  useEffect(() => {
    onController?.(controller);
    void controller.init();
    return () => controller.destroy();
  }, [controller, onController]);
  return <FilterProvider controller={controller}>{children}</FilterProvider>;
}
