import { useEffect, type ReactNode } from 'react';
import type { FilterController, SettingsInput } from '@pkg/core-filter';
import { FilterProvider, useStartedFilterController } from '@pkg/react-ui';

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
 * A filter controller over the demo engine (through msw), created for one story by react-ui's
 * `useStartedFilterController` (the lifetime a theme's page uses). History sync is off
 * (window: null) so stories never rewrite Storybook's own address. A story whose `url` or
 * `settings` change (its controls) gets a new controller.
 */
export function StoryShop(props: StoryShopProps) {
  return <StartedShop key={`${props.url ?? ''} ${JSON.stringify(props.settings ?? {})}`} {...props} />;
}

function StartedShop({ url = '/collections/all', settings, children, onController }: StoryShopProps) {
  const [pathname = '/', search = ''] = url.split('?');
  const controller = useStartedFilterController({
    settings: { ...demoSettings, ...settings, api: { ...demoSettings.api, ...settings?.api }, shop: { ...demoSettings.shop, ...settings?.shop }, filter: { ...demoSettings.filter, ...settings?.filter } },
    location: { pathname, search: search ? `?${search}` : '' },
    window: null,
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  useEffect(() => {
    onController?.(controller);
  }, [controller, onController]);
  return <FilterProvider controller={controller}>{children}</FilterProvider>;
}
