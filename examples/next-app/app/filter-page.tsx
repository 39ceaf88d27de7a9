'use client';
// The interactive part: a controller created from the server's answer (so the first render
// matches the server's HTML), started once mounted (it sends nothing for that answer), and the
// react-ui components over it. Later clicks fetch through the shop's API route.
import { useEffect, useState } from 'react';
import { createFilterController, type FilterInitialData } from '@pkg/core-filter';
import { FilterProvider, FilterTree, Pagination, ProductList, Toolbar } from '@pkg/react-ui';
import { settings } from '../lib/shop';

export function FilterPage({ data }: { data: FilterInitialData }) {
  const [controller] = useState(() => createFilterController({ settings, initialData: data, fetch: (input, init) => fetch(input, init) }));
  useEffect(() => {
    void controller.init().then(() => {
      document.body.dataset.ready = 'true';
    });
  }, [controller]);
  return (
    <FilterProvider controller={controller}>
      <div className="shop">
        <FilterTree />
        <main>
          <Toolbar />
          <ProductList />
          <Pagination />
        </main>
      </div>
    </FilterProvider>
  );
}
