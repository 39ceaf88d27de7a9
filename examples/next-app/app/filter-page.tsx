'use client';
// The interactive part: a controller created from the server's answer (so the first render
// matches the server's HTML), started once mounted (it sends nothing for that answer), and the
// react-ui components over it. Later clicks fetch through the shop's API route.
import { useEffect } from 'react';
import type { FilterInitialData } from '@pkg/core-filter';
import { FilterPage, useStartedFilterController } from '@pkg/react-ui';
import { settings } from '../lib/shop';

export function ShopFilterPage({ data }: { data: FilterInitialData }) {
  const controller = useStartedFilterController({ settings, initialData: data, fetch: (input, init) => fetch(input, init) });
  // For the example's browser test: the hook's effect, which runs first, has started the controller.
  useEffect(() => {
    document.body.dataset.ready = 'true';
  }, []);
  return (
    <main>
      <FilterPage controller={controller} className="shop" />
    </main>
  );
}
