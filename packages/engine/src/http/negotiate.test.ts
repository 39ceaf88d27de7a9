import { describe, expect, it } from 'vitest';
import { addVary, chooseEncoding, noneMatch } from './negotiate';

describe('chooseEncoding (Accept-Encoding)', () => {
  it('prefers brotli, then gzip, when a client weighs them equally', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
  });
  it('honours q-values, including q=0 as "not acceptable"', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('BR ; Q=1.0, gzip;q=0.9')).toBe('br');
    expect(chooseEncoding('gzip;q=0.2')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBe('identity');
  });
  it('reads identity and the * wildcard', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding('identity;q=1, gzip;q=0.5')).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity;q=0, gzip;q=0.1')).toBe('gzip');
  });
  it('falls back to identity when the header refuses everything or is malformed', () => {
    expect(chooseEncoding('*;q=0')).toBe('identity');
    expect(chooseEncoding(',,;q=,gzip;q=abc')).toBe('gzip');
    expect(chooseEncoding('compress;q=1')).toBe('identity');
  });
});

describe('noneMatch (If-None-Match)', () => {
  it('compares weakly, ignoring W/ and our coding suffix', () => {
    expect(noneMatch('"abc"', '"abc"')).toBe(true);
    expect(noneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(noneMatch('"x", "abc-br"', '"abc"')).toBe(true);
    expect(noneMatch('"abc-gzip"', '"abc"')).toBe(true);
    expect(noneMatch('*', '"abc"')).toBe(true);
    expect(noneMatch('"abd"', '"abc"')).toBe(false);
    expect(noneMatch('"abc-deflate"', '"abc"')).toBe(false);
    expect(noneMatch(undefined, '"abc"')).toBe(false);
  });
});

describe('addVary', () => {
  it('adds a header name once', () => {
    expect(addVary(undefined, 'Accept-Encoding')).toBe('Accept-Encoding');
    expect(addVary('Origin', 'Accept-Encoding')).toBe('Origin, Accept-Encoding');
    expect(addVary('origin, accept-encoding', 'Accept-Encoding')).toBe('origin, accept-encoding');
  });
});
