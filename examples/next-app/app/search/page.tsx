// The search page (`/search?q=...`), rendered on the server like the collection page.
import { loadFilterData } from '@pkg/core-filter/server';
import { engineFetch } from '../../lib/engine';
import { pageUrl } from '../../lib/page-url';
import { settings } from '../../lib/shop';
import { ShopFilterPage } from '../filter-page';

export const dynamic = 'force-dynamic';

export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const data = await loadFilterData({ settings, url: pageUrl('/search', await searchParams), fetch: engineFetch });
  return <ShopFilterPage data={data} />;
}
