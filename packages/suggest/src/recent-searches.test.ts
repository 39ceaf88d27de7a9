import { describe, expect, it } from 'vitest';
import type { StorageLike } from './browser-defaults';
import { createRecentSearches } from './recent-searches';

const memoryStorage = (initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } => {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
};

describe('createRecentSearches', () => {
  it('[S5.4, S9.10, S3.9] trims, de-duplicates, moves to the front, stores 10 and shows 3 (a list of strings)', () => {
    const storage = memoryStorage();
    const r = createRecentSearches({ storage });
    for (let i = 1; i <= 12; i++) r.add(`term ${i}`);
    expect(r.all()).toHaveLength(10);
    expect(r.shown()).toEqual(['term 12', 'term 11', 'term 10']);
    r.add('  term   5 ');
    expect(r.shown()).toEqual(['term 5', 'term 12', 'term 11']);
    r.add('TERM 12');
    expect(r.all().filter((t) => t.toLowerCase() === 'term 12')).toEqual(['TERM 12']);
    expect(JSON.parse(storage.data['pkg-suggest:recent-searches'] ?? '')).toEqual(r.all());
    expect(createRecentSearches({ storage }).all()).toEqual(r.all());
  });

  it('[S5.4] ignores empty and bad strings', () => {
    const r = createRecentSearches({ storage: memoryStorage() });
    r.add('   ');
    r.add('<img src=x onerror=alert(1)>');
    r.add('document.cookie');
    expect(r.all()).toEqual([]);
  });

  it('[S5.4] treats a malformed stored list as empty and drops bad stored entries', () => {
    for (const raw of ['not json', '{"a":1}', '42', 'null']) expect(createRecentSearches({ storage: memoryStorage({ k: raw }), key: 'k' }).all()).toEqual([]);
    expect(createRecentSearches({ storage: memoryStorage({ k: '[" a ", 3, null, "<b>x</b>", "a", "b"]' }), key: 'k' }).all()).toEqual(['a', 'b']);
  });

  it('[S5.4] ignores storage failures and keeps the list for the page', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const r = createRecentSearches({ storage: throwing });
    expect(() => r.add('shoe')).not.toThrow();
    expect(r.shown()).toEqual(['shoe']);
    r.clear();
    expect(r.all()).toEqual([]);
  });
});
