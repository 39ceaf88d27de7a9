import { describe, expect, it } from 'vitest';
import { isIgnoredInput, type InputLike } from './is-ignored-input';

const el = (classes: string[] = [], attrs: Record<string, string> = {}): InputLike => ({
  classList: { contains: (c) => classes.includes(c) },
  getAttribute: (n) => attrs[n] ?? null,
});

describe('isIgnoredInput', () => {
  it('[S4.8, F5.7] ignores inputs marked disable-instant-search', () => {
    expect(isIgnoredInput(el(['disable-instant-search']))).toBe(true);
    expect(isIgnoredInput(el([], { 'data-disable-instant-search': '' }))).toBe(true);
    expect(isIgnoredInput({ dataset: { disableInstantSearch: '' } })).toBe(true);
  });

  it('[S4.8, F5.7] ignores inputs already initialised', () => {
    expect(isIgnoredInput(el([], { 'data-pkg-suggest': 'initialised' }))).toBe(true);
    expect(isIgnoredInput({ dataset: { pkgSuggest: '1' } })).toBe(true);
  });

  it('[S4.8] takes a plain search input, and treats a missing or throwing element as ignored', () => {
    expect(isIgnoredInput(el(['search-input']))).toBe(false);
    expect(isIgnoredInput({})).toBe(false);
    expect(isIgnoredInput(null)).toBe(true);
    const broken: InputLike = { getAttribute: () => { throw new Error('detached'); } };
    expect(isIgnoredInput(broken)).toBe(true);
  });
});
