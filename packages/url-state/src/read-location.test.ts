import { describe, expect, it } from 'vitest';
import { readLocation } from './read-location';
import { createUrlConfig } from './url-config';

const config = createUrlConfig({ pageKind: 'search' });

describe('readLocation', () => {
  it('parses a clean address', () => {
    expect(readLocation({ pathname: '/search', search: '?q=red+shoes&page=2', hash: '#top' }, config)).toEqual({
      reset: false,
      state: { filters: {}, flags: {}, page: 2, term: 'red shoes', extra: {} },
    });
  });

  it('[F5.8, S5.1] resets a bad address to its clean path with the empty state', () => {
    for (const search of ['?q=%3Cscript%3Ealert(1)%3C/script%3E', '?q=<img src=x onerror=alert(1)>', '?pf_t_color=x+onmouseover%3D1', '?q=j+a+v+a+s+c+r+i+p+t']) {
      expect(readLocation({ pathname: '/search', search }, config), search).toEqual({
        reset: true,
        state: { filters: {}, flags: {}, page: 1, extra: {} },
        path: '/search',
      });
    }
  });

  it('[F5.8] screens the hash too, and resets to / when the path itself is bad', () => {
    expect(readLocation({ pathname: '/collections/all', search: '', hash: '#"><svg onload=alert(1)>' }, config)).toMatchObject({ reset: true, path: '/collections/all' });
    expect(readLocation({ pathname: '/collections/%3Cscript%3E', search: '?q=<b>' }, config)).toMatchObject({ reset: true, path: '/' });
  });

  it('reads a double-encoded payload as its once-decoded, inert text', () => {
    const read = readLocation({ pathname: '/search', search: `?q=${encodeURIComponent(encodeURIComponent('<b>bold</b>'))}` }, config);
    expect(read).toEqual({ reset: false, state: { filters: {}, flags: {}, page: 1, term: '%3Cb%3Ebold%3C%2Fb%3E', extra: {} } });
  });
});
