import { OTHER_PARAMS, readPositiveInt, type Mutable } from './query-keys';

// Defined beside the code that reads them; part of this module's API.
export { OTHER_PARAMS };

/** How filter arrays reach the address bar: 0 not at all, 1 repeated keys, 2 one comma-joined key. */
export type UrlScheme = 0 | 1 | 2;

/** The page kinds of the specification's route table that change how the address is read. */
export type PageKind = 'collection' | 'search' | 'vendor' | 'type' | 'tag' | 'other';

/** Values that are dropped from the address bar when a parameter equals them (S2.14). */
export interface UrlDefaults {
  readonly sort?: string;
  readonly limit?: number;
  readonly display?: string;
  readonly tab?: string;
}

export interface UrlConfigOptions {
  /** Prefix of every filter parameter. Default `pf_` (S9.13). */
  readonly prefix?: string;
  /** Scheme on collection pages. Default 1. */
  readonly scheme?: UrlScheme;
  /** Scheme on every other page kind (S2.15). Default: the same as `scheme`. */
  readonly schemeOutsideCollections?: UrlScheme;
  /** Shortened parameter names as `long:short` entries, e.g. `pf_v_vendor:vendor` (S2.17). */
  readonly shortNames?: readonly string[];
  /** The search term's key. Default `q`. */
  readonly termKey?: string;
  /** Defaults: values equal to these are dropped. A limit outside 1..70 becomes 24 (S5.6). */
  readonly defaults?: UrlDefaults;
  /** The kind of the current page. Default `collection`. */
  readonly pageKind?: PageKind;
  /** The parameter `q` moves into on a vendor page (S5.11). Default `<prefix>v_vendor`. */
  readonly vendorParam?: string;
  /** The parameter `q` moves into on a type page (S5.11). Default `<prefix>pt_product_type`. */
  readonly typeParam?: string;
}

/** A validated, frozen configuration made by {@link createUrlConfig}. */
export interface UrlConfig {
  readonly prefix: string;
  readonly scheme: UrlScheme;
  readonly schemeOutsideCollections: UrlScheme;
  readonly termKey: string;
  /** `<prefix>v_vendor` unless configured: on a vendor page `q` moves into it (S9.13, S5.11). */
  readonly vendorParam: string;
  /** `<prefix>pt_product_type` unless configured: on a type page `q` moves into it (S9.13, S5.11). */
  readonly typeParam: string;
  readonly defaults: UrlDefaults;
  readonly pageKind: PageKind;
  /** Long name to short name. */
  readonly shortNames: ReadonlyMap<string, string>;
  /** Short name to long name. */
  readonly longNames: ReadonlyMap<string, string>;
}


/**
 * Returns `value` when `ok`, else throws `[@pkg/url-state] Invalid <field> <value>`; in
 * development (any NODE_ENV but `production`) the message also says what to fix. That longer
 * text sits in a `process.env.NODE_ENV` branch that production builds remove.
 */
const check = <T>(ok: unknown, field: string, value: T): T => {
  if (!ok) {
    let message = `[@pkg/url-state] Invalid ${field} ${JSON.stringify(value)}`;
    if (typeof process === 'object' && process.env.NODE_ENV !== 'production') {
      const schemes = 'use 0, 1 or 2';
      const names = 'use no spaces or &=#?,:';
      message += `: ${
        {
          scheme: schemes,
          schemeOutsideCollections: schemes,
          prefix: names,
          termKey: `${names}, and not the name of another parameter`,
          'shortNames entry': `use unique long:short names (${names.slice(4)}), no fixed ones`,
        }[field]
      }.`;
    }
    throw new Error(message);
  }
  return value;
};
const scheme = (field: string, value: UrlScheme): UrlScheme => check([0, 1, 2].includes(value), field, value);
const NAME = /^[^\s&=#?,:]+$/;
const name = (field: string, value = ''): string => check(NAME.test(value), field, value);

/**
 * Validates options into a frozen {@link UrlConfig}. Developer mistakes (an unknown scheme, an
 * empty prefix, a term key that is another parameter, a malformed or ambiguous short-name entry)
 * throw at once, saying what to fix. A default limit outside 1..70 becomes 24 (S5.6).
 */
export function createUrlConfig(options: UrlConfigOptions = {}): UrlConfig {
  const prefix = name('prefix', options.prefix ?? 'pf_');
  const termKey = name('termKey', options.termKey ?? 'q');
  const taken: string[] = [...OTHER_PARAMS];
  check(!taken.includes(termKey) && !termKey.startsWith(prefix), 'termKey', termKey);
  taken.push(termKey, 'q');
  const shortNames = new Map<string, string>();
  const longNames = new Map<string, string>();
  for (const entry of options.shortNames ?? []) {
    // Two names as NAME allows them, one `:` between them, spaces around either name ignored.
    const [, long = '', short = ''] = /^\s*([^\s&=#?,:]+)\s*:\s*([^\s&=#?,:]+)\s*$/.exec(`${entry}`) ?? [];
    check(long && !taken.includes(long) && !taken.includes(short), 'shortNames entry', entry);
    taken.push(long, short);
    shortNames.set(long, short);
    longNames.set(short, long);
  }
  const defaults: Mutable<UrlDefaults> = { ...options.defaults };
  if (defaults.limit != undefined) defaults.limit = readPositiveInt(defaults.limit, 70) ?? 24;
  const everywhere = scheme('scheme', options.scheme ?? 1);
  return Object.freeze({
    prefix,
    scheme: everywhere,
    schemeOutsideCollections: scheme('schemeOutsideCollections', options.schemeOutsideCollections ?? everywhere),
    termKey,
    vendorParam: options.vendorParam || `${prefix}v_vendor`,
    typeParam: options.typeParam || `${prefix}pt_product_type`,
    defaults,
    pageKind: options.pageKind ?? 'collection',
    shortNames,
    longNames,
  });
}
