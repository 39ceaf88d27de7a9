// A collection page, a server component: the engine's answer for this address is computed here,
// rendered into the HTML and handed to the client component, which hydrates with it.
import { loadFilterData } from '@pkg/core-filter/server';
import { engineFetch } from '../../../lib/engine';
import { pageUrl } from '../../../lib/page-url';
import { settings } from '../../../lib/shop';
import { ShopFilterPage } from '../../filter-page';

export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ handle: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function CollectionPage({ params, searchParams }: Props) {
  const { handle } = await params;
  const data = await loadFilterData({ settings, url: pageUrl(`/collections/${encodeURIComponent(handle)}`, await searchParams), fetch: engineFetch });
  return <ShopFilterPage data={data} />;
}
