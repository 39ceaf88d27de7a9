import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query';
import { readCollectionParams } from './read-collection-params';
import { createUrlConfig } from './url-config';

describe('readCollectionParams', () => {
  const search = createUrlConfig({ pageKind: 'search' });
  const collection = createUrlConfig({ pageKind: 'collection' });

  it('[F5.2] sets the collection scope from a _c_ parameter, but not on a collection page', () => {
    const query = 'pf_c_collection=123&pf_t_color=Red';
    expect(readCollectionParams(parseQuery(query, search), search)).toEqual({ collectionScope: '123', tags: [], tagMode: undefined });
    expect(readCollectionParams(parseQuery(query, collection), collection).collectionScope).toBeUndefined();
  });

  it('[F5.2] sets tags from _ct_ parameters with tag mode 2 when multi-select, else 1', () => {
    const state = parseQuery('pf_ct_collection=red&pf_ct_collection=sale&pf_ct_other=sale', collection);
    expect(readCollectionParams(state, collection)).toEqual({ collectionScope: undefined, tags: ['red', 'sale'], tagMode: 1 });
    const asked: string[] = [];
    const multi = (id: string): boolean => (asked.push(id), id === 'pf_c_collection');
    expect(readCollectionParams(state, collection, multi).tagMode).toBe(2);
    expect(asked).toContain('pf_c_collection');
    expect(readCollectionParams(state, collection, (id) => id === 'pf_c_elsewhere').tagMode).toBe(1);
  });

  it('[F3.15] maps a collection-tag parameter to its collection option id by the changed family prefix', () => {
    const config = createUrlConfig({ prefix: 'f_', pageKind: 'tag' });
    const asked: string[] = [];
    readCollectionParams(parseQuery('f_ct_menu=boots', config), config, (id) => (asked.push(id), false));
    expect(asked).toEqual(['f_c_menu']);
  });

  it('ignores option flags and other families', () => {
    const state = parseQuery('pf_c_collection_and_condition=true&pf_t_c_x=1&pf_ct_=x', search);
    expect(readCollectionParams(state, search)).toEqual({ collectionScope: undefined, tags: [], tagMode: undefined });
  });
});
