import { useEffect, useState } from 'react';
import type { FilterSnapshot, Transport } from '@pkg/core-filter';
import { loadCollectionDescription, type CollectionDescription } from '@pkg/core-filter/view';
import { cx } from './class-names';
import { useFilter } from './filter-context';
import { shallowEqual } from './use-store';

export interface CollectionHeaderProps {
  transport: Transport;
  /** Breadcrumb trail before the collection, e.g. [{ label: 'Home', url: '/' }]. */
  breadcrumb?: ReadonlyArray<{ label: string; url: string }>;
  className?: string;
}

const slice = (s: FilterSnapshot) => ({ page: s.page, settings: s.settings });

/**
 * Collection title, description, image and breadcrumb (S2.24), from the collection-description
 * call (S7.3) with its fall back to the all-collection data (S8.11). The description arrives
 * with markup stripped and is rendered as text.
 */
export function CollectionHeader({ transport, breadcrumb = [{ label: 'Home', url: '/' }], className }: CollectionHeaderProps) {
  const { page, settings } = useFilter(slice, shallowEqual);
  const [data, setData] = useState<CollectionDescription | null>(null);
  const handle = page.collectionHandle || 'all';
  useEffect(() => {
    let live = true;
    void loadCollectionDescription(transport, settings, page, handle).then((d) => live && setData(d));
    return () => {
      live = false;
    };
    // Refetch when the collection changes, not on every new page-context object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transport, settings, handle]);
  if (!data) return null;
  return (
    <header className={cx('pkg-collection-header', className)}>
      <nav aria-label="Breadcrumb" className="pkg-breadcrumb">
        <ol>
          {breadcrumb.map((b) => (
            <li key={b.url}>
              <a href={b.url}>{b.label}</a>
            </li>
          ))}
          <li aria-current="page">{data.title}</li>
        </ol>
      </nav>
      <h1 className="pkg-collection-header__title">{data.title}</h1>
      {data.image && <img className="pkg-collection-header__image" src={data.image} alt="" />}
      {data.description && <p className="pkg-collection-header__description">{data.description}</p>}
    </header>
  );
}
