import { FilterPage, SearchBox, useStartedFilterController, useSuggestController } from '@pkg/react-ui';
import { settings, shopFetch } from './shop';

/** The header's search box: suggestions as you type, Enter goes to /search?q=... */
function HeaderSearch() {
  const controller = useSuggestController({ settings, fetch: shopFetch });
  return <SearchBox controller={controller} settings={settings} />;
}

/** A collection or search page (by the address): the filter tree beside the toolbar, listing and pagination. */
export function App() {
  const controller = useStartedFilterController({ settings, fetch: shopFetch });
  return (
    <>
      <header className="shop-header">
        <a href="/collections/all">Example Shop</a>
        <HeaderSearch />
      </header>
      <main>
        <FilterPage controller={controller} className="shop" />
      </main>
    </>
  );
}
