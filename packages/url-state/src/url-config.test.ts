import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUrlConfig, OTHER_PARAMS } from './url-config';

describe('createUrlConfig', () => {
  it('[S9.13] defaults to the pf_ prefix, pf_v_vendor and pf_pt_product_type', () => {
    const config = createUrlConfig();
    expect(config.prefix).toBe('pf_');
    expect(config.vendorParam).toBe('pf_v_vendor');
    expect(config.typeParam).toBe('pf_pt_product_type');
    expect(createUrlConfig({ prefix: 'f_' }).vendorParam).toBe('f_v_vendor');
  });

  it('[S9.14] knows page, sort, limit, display and tab as the other parameters', () => {
    expect(OTHER_PARAMS).toEqual(['page', 'sort', 'limit', 'display', 'tab']);
  });

  it('defaults to scheme 1 everywhere, term key q, a collection page', () => {
    const config = createUrlConfig();
    expect([config.scheme, config.schemeOutsideCollections, config.termKey, config.pageKind]).toEqual([1, 1, 'q', 'collection']);
    expect(createUrlConfig({ scheme: 2 }).schemeOutsideCollections).toBe(2);
    expect(createUrlConfig({ scheme: 2, schemeOutsideCollections: 0 }).schemeOutsideCollections).toBe(0);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('[S2.17] reads long:short entries into maps both ways, trimming spaces', () => {
    const config = createUrlConfig({ shortNames: ['pf_v_vendor:vendor', ' pf_t_color : color '] });
    expect([...config.shortNames]).toEqual([['pf_v_vendor', 'vendor'], ['pf_t_color', 'color']]);
    expect([...config.longNames]).toEqual([['vendor', 'pf_v_vendor'], ['color', 'pf_t_color']]);
  });

  it('turns a configured default limit outside 1..70 into 24', () => {
    expect(createUrlConfig({ defaults: { limit: 16 } }).defaults.limit).toBe(16);
    for (const limit of [0, -1, 71, 2.5, Number.NaN]) expect(createUrlConfig({ defaults: { limit } }).defaults.limit).toBe(24);
  });

  it('fails fast, saying what to fix, on developer mistakes', () => {
    expect(() => createUrlConfig({ scheme: 3 as 1 })).toThrow('[@pkg/url-state] Invalid scheme 3: use 0, 1 or 2.');
    expect(() => createUrlConfig({ schemeOutsideCollections: -1 as 0 })).toThrow(/schemeOutsideCollections -1: use 0, 1 or 2/);
    expect(() => createUrlConfig({ prefix: '' })).toThrow('[@pkg/url-state] Invalid prefix "": use no spaces or &=#?,:.');
    expect(() => createUrlConfig({ termKey: 'page' })).toThrow(/Invalid termKey "page"/);
    expect(() => createUrlConfig({ termKey: 'pf_q' })).toThrow(/Invalid termKey "pf_q"/);
    for (const entry of ['vendor', 'a:b:c', 'pf_a:b:', 'pf_a::', 'pf_v_vendor:', ':v', 'pf_t_color:page', 'pf_t_color:q', 'pf_t_a:x y', 'page:p']) {
      expect(() => createUrlConfig({ shortNames: [entry] }), entry).toThrow(/\[@pkg\/url-state\] Invalid shortNames entry/);
    }
    expect(() => createUrlConfig({ shortNames: ['pf_a:a', 'pf_b:a'] })).toThrow(/"pf_b:a"/);
    expect(() => createUrlConfig({ shortNames: ['pf_a:a', 'pf_a:b'] })).toThrow(/"pf_a:b"/);
    expect(() => createUrlConfig({ shortNames: ['pf_a:b', 'b:c'] })).toThrow(/"b:c"/);
    expect(() => createUrlConfig({ shortNames: ['pf_a:b', 'x:pf_a'] })).toThrow(/"x:pf_a"/);
  });

  describe('in production', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it('still names the mistake and the value, without the development-only advice', () => {
      vi.stubEnv('NODE_ENV', 'production');
      const message = (options: Parameters<typeof createUrlConfig>[0]): string => {
        try {
          createUrlConfig(options);
        } catch (error) {
          return (error as Error).message;
        }
        return 'no error';
      };
      expect(message({ scheme: 3 as 1 })).toBe('[@pkg/url-state] Invalid scheme 3');
      expect(message({ prefix: '' })).toBe('[@pkg/url-state] Invalid prefix ""');
      expect(message({ termKey: 'page' })).toBe('[@pkg/url-state] Invalid termKey "page"');
      expect(message({ shortNames: ['a:b:c'] })).toBe('[@pkg/url-state] Invalid shortNames entry "a:b:c"');
    });
  });

  it('explains every kind of mistake in development', () => {
    expect(() => createUrlConfig({ termKey: 'page' })).toThrow('[@pkg/url-state] Invalid termKey "page": use no spaces or &=#?,:, and not the name of another parameter.');
    expect(() => createUrlConfig({ shortNames: ['a:b:c'] })).toThrow('[@pkg/url-state] Invalid shortNames entry "a:b:c": use unique long:short names (no spaces or &=#?,:), no fixed ones.');
    expect(() => createUrlConfig({ shortNames: [' pf_a :\ta ', 'pf_b:b'] })).not.toThrow();
  });
});
