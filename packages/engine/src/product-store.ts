// The engine's one copy of the catalogue's products: each product encoded as a compact record in
// one growable byte buffer (varints, numbers as integers or cents where that is exact, the
// catalogue-specific strings inline as UTF-8) with the strings many products share (vendors,
// types, tags, option names and values, variant titles, collections, ...) interned once in a
// string table. Whatever reads a product (the wire form, facet fields, the text index, variant
// tables, merchandising, live updates, snapshots) reads it here: `get(d)` decodes slot d into a
// CatalogProduct, and `title(d)`, `id(d)`, `handle(d)` read one field without decoding the rest.
// A live update writes the product's new record at the end of the buffer; the space of old
// records is taken back when it passes half the buffer. A snapshot writes the buffer, the record
// bounds and the string table as they are (catalog-snapshot.ts), and a replica reads them back
// without parsing a product.
// Over 300 lines: the record format's writer and reader are kept beside each other and beside the
// store that lays out the records and variant columns, so that a change to the format is one
// change in one file.
import type { CatalogImage, CatalogOption, CatalogProduct, CatalogVariant } from './catalog';
import { StringMemo } from './string-memo';
import type { BufferFor } from './build-thread';
import type { ProductSequence } from './product-sequence';
import { cut, grown, typedIn } from './typed-array';

/** What an empty slot holds: a product with no values, never live. */
export const EMPTY_SLOT: CatalogProduct = Object.freeze({
  id: '', handle: '', title: '', vendor: '', productType: '', tags: [], bodyHtml: '', createdAt: '', updatedAt: '', publishedAt: '',
  images: [], options: [], variants: [], collections: [], rating: 0, reviewCount: 0, sales: 0,
}) as CatalogProduct;

/** Read access to the products by slot (the store, or the plain objects a build starts from). */
export interface ProductSource {
  /** Slots: products and free slots. */
  readonly size: number;
  /** The product in slot d (EMPTY_SLOT for a free one). */
  get(d: number): CatalogProduct;
  /** The title of slot d ('' for a free one). */
  title(d: number): string;
}

/**
 * The variants of every slot as columns: slot d's variants are first[d] .. first[d] + count[d]
 * of price, available and options (OPTIONS string ids + 1 per variant, 0: none); its option
 * names are names[d * OPTIONS ..] (string ids + 1). A slot whose product has more options than
 * OPTIONS is marked in `wide` (read its product instead). Valid until the store next changes.
 */
export interface VariantColumns {
  first: Uint32Array;
  count: Uint32Array;
  price: Float64Array;
  available: Uint8Array;
  options: Uint32Array;
  names: Uint32Array;
  wide: ReadonlySet<number>;
}

/** Option columns per variant (the platform allows three options). */
export const OPTIONS = 3;

/**
 * The string ids (of the store's string table, `strings`) that the record of the product written
 * last took: what a build's index reads instead of hashing the same strings again (see
 * ProductStore.build's `each`). Valid until the next write; the arrays are reused, and only
 * their first ...Count entries are the product's.
 */
export interface WrittenIds {
  readonly strings: readonly string[];
  /** False when a list of the product (tags, collections, an option's values) was missing: read the product itself then. */
  lists: boolean;
  vendor: number;
  type: number;
  readonly tags: number[];
  tagCount: number;
  /** The option names, and the values of option k at values[k ? valueEnds[k - 1] : 0 .. valueEnds[k]). */
  readonly names: number[];
  nameCount: number;
  readonly values: number[];
  readonly valueEnds: number[];
  readonly collections: number[];
  collectionCount: number;
  /** The creation date's milliseconds (isoMillis), -1 when it is not in that form. */
  created: number;
  /** The variants' columns (VariantColumns): this product's are first .. first + count. */
  first: number;
  count: number;
  options: Uint32Array;
  available: Uint8Array;
}

/** The parts of a store a snapshot writes (and reads back as views of its buffer). */
export interface StoreParts {
  data: Uint8Array;
  starts: Uint32Array;
  ends: Uint32Array;
  strings: string[];
  variants: Omit<VariantColumns, 'wide'> & { wide: number[] };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const MAX_SMALL = 2 ** 48;

// Product flags.
const F_SUFFIX = 1;
const F_SUFFIX_NULL = 2;
const F_METAFIELDS = 4;
// Image flags.
const I_WIDTH = 1;
const I_HEIGHT = 2;
const I_ALT = 4;
const I_ALT_NULL = 8;
// Variant flags.
const V_AVAILABLE = 1;
const V_COMPARE_NULL = 2;
const V_IMAGE_NULL = 4;
const V_AVAILABLE_UNDEFINED = 8;

/** Slots of the string memo while a build interns a catalogue's strings (a few thousand distinct ones repeat: vendors, tags, variant titles). */
const BUILD_MEMO = 8192;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Digits s[at .. at + n) as a number, or -1 when one is not a digit. */
function digitsAt(s: string, at: number, n: number): number {
  let x = 0;
  for (let i = at; i < at + n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    x = x * 10 + c;
  }
  return x;
}

/**
 * The milliseconds of a date written exactly as `Date.prototype.toISOString` writes it
 * (YYYY-MM-DDTHH:mm:ss.sssZ, from 1970 on), or -1 for any other string: then and only then
 * `new Date(ms).toISOString()` gives the string back. Read by hand (no Date.parse and
 * toISOString round trip per date: a build writes one per product).
 */
export function isoMillis(s: string): number {
  if (s.length !== 24 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58 || s.charCodeAt(19) !== 46 || s.charCodeAt(23) !== 90) return -1;
  const y = digitsAt(s, 0, 4);
  const mo = digitsAt(s, 5, 2);
  const d = digitsAt(s, 8, 2);
  const h = digitsAt(s, 11, 2);
  const mi = digitsAt(s, 14, 2);
  const sec = digitsAt(s, 17, 2);
  const ms = digitsAt(s, 20, 3);
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 || ms < 0) return -1;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (DAYS[mo - 1] as number) + (mo === 2 && leap ? 1 : 0)) return -1;
  return Date.UTC(y, mo - 1, d, h, mi, sec, ms);
}

/** A product date's milliseconds for sorting (0 when it is no date): Date.parse, read by hand for the ISO form. */
export function dateMillis(s: string): number {
  const ms = typeof s === 'string' ? isoMillis(s) : -1;
  return ms >= 0 ? ms : Date.parse(s) || 0;
}

/** An empty WrittenIds over a string table (filled in place by each write or decode). */
const writtenIds = (strings: readonly string[], names: number[] = []): WrittenIds => ({
  strings, lists: true, vendor: 0, type: 0, tags: [], tagCount: 0, names, nameCount: 0, values: [], valueEnds: [], collections: [], collectionCount: 0, created: -1,
  first: 0, count: 0, options: new Uint32Array(0), available: new Uint8Array(0),
});

/** Writes records into a growable byte buffer. */
class Writer {
  buf: Uint8Array;
  at = 0;
  /** Hears of the product's option names and each variant with its option ids (the variant columns). */
  sink: { start(names: readonly number[], count: number): void; variant(v: CatalogVariant, options: readonly number[], count: number): void } | null = null;
  constructor(
    size: number,
    private readonly intern: (s: string) => number,
    strings: readonly string[],
    memory: BufferFor | null = null,
  ) {
    this.buf = typedIn(Uint8Array, Math.max(256, size), memory);
    this.written = writtenIds(strings, this.names);
  }

  /** The string ids of the product written last (see WrittenIds). */
  readonly written: WrittenIds;

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.at + n + 256));
    bigger.set(this.buf.subarray(0, this.at));
    this.buf = bigger;
  }

  uint(n: number): void {
    if (this.at + 8 > this.buf.length) this.room(8);
    const b = this.buf;
    let at = this.at;
    // 32-bit shifts while the number fits them (almost every one), division above.
    while (n >= 0x80000000) {
      b[at++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    while (n >= 128) {
      b[at++] = (n & 127) | 128;
      n >>>= 7;
    }
    b[at++] = n;
    this.at = at;
  }

  /** A number exactly: a whole number, a number of cents, or the 8 bytes of a double (3); 7 undefined, 11 null. */
  num(v: number): void {
    if (v === undefined || v === null) return this.uint(v === undefined ? 7 : 11);
    // (Signed by 1 / v: -0 is a negative whole number, 0, and reads back as -0.)
    if (Number.isInteger(v) && Math.abs(v) < MAX_SMALL) return this.uint(1 / v > 0 ? v * 4 : -v * 4 + 1);
    const cents = Math.round(v * 100);
    if (cents >= 0 && cents < MAX_SMALL && cents / 100 === v) return this.uint(cents * 4 + 2);
    this.uint(3);
    this.room(8);
    new DataView(this.buf.buffer, this.buf.byteOffset).setFloat64(this.at, v, true);
    this.at += 8;
  }

  /**
   * A string inline: a whole number written without leading zeros (ids, barcodes) as
   * number x 4 + 2; else its byte length x 4 (+1 when not ASCII), then its bytes; 3 for
   * undefined, 7 for null.
   */
  str(x: string): void {
    // Plain JavaScript callers may leave fields out: undefined and null read back as they were.
    if (typeof x !== 'string') {
      if (x === undefined || x === null) return this.uint(x === undefined ? 3 : 7);
      return this.str(String(x));
    }
    const s = x;
    const n = s.length;
    if (n > 0 && n <= 15 && s.charCodeAt(0) !== 48) {
      // The number read as the digits are checked (15 digits are exact in a double).
      let x = 0;
      let i = 0;
      for (; i < n; i++) {
        const c = s.charCodeAt(i) - 48;
        if (c < 0 || c > 9) break;
        x = x * 10 + c;
      }
      if (i === n) return this.uint(x * 4 + 2);
    }
    // ASCII written as it is checked, in one pass; taken back at the first other character.
    const head = this.at;
    this.uint(n * 4);
    this.room(n);
    const b = this.buf;
    let at = this.at;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 127) {
        at = -1;
        break;
      }
      b[at++] = c;
    }
    if (at >= 0) {
      this.at = at;
      return;
    }
    this.at = head;
    const bytes = encoder.encode(s);
    this.uint(bytes.length * 4 + 1);
    this.room(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }

  /**
   * A date: 0 when it is the one before it; 1 and its milliseconds when it reads back the same;
   * else 2 and the string. Returns those milliseconds (-1 when not written so).
   */
  private date(date: string, prev: string): number {
    if (date === prev) {
      this.uint(0);
      return -1;
    }
    const ms = typeof date === 'string' ? isoMillis(date) : -1;
    if (ms >= 0) {
      this.uint(1);
      this.uint(ms);
      return ms;
    }
    this.uint(2);
    this.str(date);
    return -1;
  }

  /** A string of the string table, by its number. */
  ref(s: string): void {
    this.uint(this.intern(s));
  }

  /**
   * The string ids of the last variant's options (the columns take them), the first
   * idCount of the array (never emptied by `length = 0`, which would let its storage go and make
   * the next push allocate: a build writes millions of lists).
   */
  readonly ids: number[] = [];
  idCount = 0;
  /** The string ids of the last product's option names, the first nameCount. */
  readonly names: number[] = [];
  nameCount = 0;

  /** A count + 1 (0: the list is undefined). */
  count(xs: readonly unknown[] | undefined): void {
    this.uint(xs === undefined ? 0 : xs.length + 1);
  }

  /** A list of strings of the string table; their ids go to out[at ..]. Returns how many (0 and `written.lists` false when it is missing). */
  private listInto(xs: readonly string[], out: number[], at: number): number {
    this.count(xs);
    if (xs === undefined) {
      this.written.lists = false;
      return 0;
    }
    for (let i = 0; i < xs.length; i++) {
      const id = this.intern(xs[i] as string);
      out[at + i] = id;
      this.uint(id);
    }
    return xs.length;
  }

  /**
   * A variant's option values: each is mostly one of its option's values, written just before
   * in this record (values[from .. to) of `written`), so it takes that id without a lookup.
   */
  private variantOptions(xs: readonly string[]): void {
    this.count(xs);
    const ids = this.ids;
    this.idCount = 0;
    const w = this.written;
    if (xs === undefined) {
      w.lists = false;
      return;
    }
    const values = w.values;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as string;
      let id = -1;
      if (i < this.nameCount) {
        const to = w.valueEnds[i] as number;
        for (let k = i === 0 ? 0 : (w.valueEnds[i - 1] as number); k < to; k++) {
          const v = values[k] as number;
          if (w.strings[v] === x) {
            id = v;
            break;
          }
        }
      }
      if (id < 0) id = this.intern(x);
      ids[i] = id;
      this.uint(id);
    }
    this.idCount = xs.length;
  }

  product(p: CatalogProduct): void {
    const suffix = p.templateSuffix;
    this.uint((suffix !== undefined ? F_SUFFIX : 0) | (suffix === null ? F_SUFFIX_NULL : 0) | (p.metafields ? F_METAFIELDS : 0));
    this.str(p.id);
    this.str(p.handle);
    this.str(p.title);
    const w = this.written;
    w.lists = true;
    w.vendor = this.intern(p.vendor);
    this.uint(w.vendor);
    w.type = this.intern(p.productType);
    this.uint(w.type);
    w.tagCount = this.listInto(p.tags, w.tags, 0);
    this.str(p.bodyHtml);
    w.created = this.date(p.createdAt, '');
    this.date(p.updatedAt, p.createdAt);
    this.date(p.publishedAt, p.updatedAt);
    this.count(p.images);
    for (const img of p.images ?? []) {
      this.uint((img.width !== undefined ? I_WIDTH : 0) | (img.height !== undefined ? I_HEIGHT : 0) | (img.alt !== undefined ? I_ALT : 0) | (img.alt === null ? I_ALT_NULL : 0));
      this.str(img.src);
      if (img.width !== undefined) this.num(img.width);
      if (img.height !== undefined) this.num(img.height);
      if (typeof img.alt === 'string') this.ref(img.alt);
    }
    if (p.options === undefined || p.variants === undefined) w.lists = false;
    this.count(p.options);
    this.nameCount = 0;
    let values = 0;
    for (const o of p.options ?? []) {
      const k = this.nameCount;
      const id = this.intern(o.name);
      this.names[k] = id;
      this.uint(id);
      values += this.listInto(o.values, w.values, values);
      w.valueEnds[k] = values;
      this.nameCount = k + 1;
    }
    w.nameCount = this.nameCount;
    this.sink?.start(this.names, this.nameCount);
    this.count(p.variants);
    for (const v of p.variants ?? []) {
      this.uint((v.available ? V_AVAILABLE : 0) | (v.available === undefined ? V_AVAILABLE_UNDEFINED : 0) | (v.compareAtPrice === null ? V_COMPARE_NULL : 0) | (v.image === null ? V_IMAGE_NULL : 0));
      this.str(v.id);
      this.ref(v.title);
      this.str(v.sku);
      this.str(v.barcode);
      this.num(v.price);
      if (v.compareAtPrice !== null) this.num(v.compareAtPrice);
      this.num(v.inventoryQuantity);
      this.variantOptions(v.options);
      this.sink?.variant(v, this.ids, this.idCount);
      this.num(v.weight);
      if (v.image !== null) this.ref(v.image);
      this.ref(v.fulfillmentService);
    }
    w.collectionCount = this.listInto(p.collections, w.collections, 0);
    this.num(p.rating);
    this.num(p.reviewCount);
    this.num(p.sales);
    if (typeof suffix === 'string') this.ref(suffix);
    if (p.metafields) this.str(JSON.stringify(p.metafields));
  }
}

/** A lean product's left-out lists (never written to). */
const NONE: string[] = [];

/** Reads one record. */
class Reader {
  at = 0;
  private view: DataView | null = null;
  constructor(
    private readonly buf: Uint8Array,
    private readonly strings: readonly string[],
    /** Where `product()` also puts the string ids the record holds (see ProductStore.getWithIds). */
    private readonly ids: WrittenIds,
    /** Decode only what a build's index reads of a product whose facet values come from `ids` (see ProductStore.getWithIds). */
    private readonly lean = false,
  ) {}

  uint(): number {
    const b = this.buf;
    let x = b[this.at++] as number;
    if (x < 128) return x;
    x &= 127;
    let scale = 128;
    for (;;) {
      const c = b[this.at++] as number;
      x += (c & 127) * scale;
      if (c < 128) return x;
      scale *= 128;
    }
  }

  num(): number {
    const n = this.uint();
    const tag = n % 4;
    const v = Math.floor(n / 4);
    if (tag === 0) return v;
    if (tag === 1) return -v;
    if (tag === 2) return v / 100;
    if (v > 0) return (v === 1 ? undefined : null) as unknown as number;
    const view = (this.view ??= new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength));
    const x = view.getFloat64(this.at, true);
    this.at += 8;
    return x;
  }

  str(): string {
    const n = this.uint();
    const kind = n % 4;
    const len = Math.floor(n / 4);
    if (kind === 2) return String(len);
    if (kind === 3) return (len === 0 ? undefined : null) as unknown as string;
    const from = this.at;
    this.at += len;
    if (len === 0) return '';
    const bytes = this.buf.subarray(from, from + len);
    if (kind === 0 && len <= 4096) return String.fromCharCode.apply(null, bytes as unknown as number[]);
    return decoder.decode(bytes);
  }

  skipStr(): void {
    const n = this.uint();
    if (n % 4 < 2) this.at += Math.floor(n / 4);
  }

  date(prev: string): string {
    const kind = this.uint();
    return kind === 0 ? prev : kind === 1 ? new Date(this.uint()).toISOString() : this.str();
  }

  ref(): string {
    return this.strings[this.uint()] as string;
  }

  /** A list's length, or -1 when it was undefined. */
  count(): number {
    return this.uint() - 1;
  }

  list(): string[] {
    const n = this.count();
    if (n < 0) return undefined as unknown as string[];
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) out[i] = this.ref();
    return out;
  }

  /** A list's string ids, to ids[at ..]: how many (-1 and `lists` false when it is undefined, as Writer.listInto has it). */
  private idsInto(ids: number[], at: number): number {
    const n = this.count();
    if (n < 0) this.ids.lists = false;
    for (let i = 0; i < n; i++) ids[at + i] = this.uint();
    return n;
  }

  /** The strings of ids[at .. at + n) (undefined for n = -1). */
  private stringsOf(ids: readonly number[], at: number, n: number): string[] {
    if (n < 0) return undefined as unknown as string[];
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) out[i] = this.strings[ids[at + i] as number] as string;
    return out;
  }

  /** A string, or '' (skipped) when `skip`. */
  private strOr(skip: boolean): string {
    if (!skip) return this.str();
    this.skipStr();
    return '';
  }

  product(): CatalogProduct {
    const w = this.ids;
    const lean = this.lean;
    w.lists = true;
    const flags = this.uint();
    const id = this.strOr(lean);
    const handle = this.strOr(lean);
    const title = this.str();
    const vendor = this.strings[(w.vendor = this.uint())] as string;
    const productType = this.strings[(w.type = this.uint())] as string;
    const nt = this.idsInto(w.tags, 0);
    w.tagCount = Math.max(0, nt);
    const tags = this.stringsOf(w.tags, 0, nt);
    const bodyHtml = this.str();
    let createdAt = '';
    let updatedAt = '';
    let publishedAt = '';
    const dates = this.at;
    // Lean: dates written as the creation date's milliseconds, then "the same" twice, are left ''
    // (the index reads those milliseconds, and the published date is the creation date).
    if (!(lean && this.uint() === 1 && (w.created = this.uint()) >= 0 && this.uint() === 0 && this.uint() === 0)) {
      this.at = dates;
      // As Writer.date returned it: the milliseconds when written as them, else -1.
      const kind = this.uint();
      w.created = kind === 1 ? this.uint() : -1;
      createdAt = kind === 0 ? '' : kind === 1 ? new Date(w.created).toISOString() : this.str();
      updatedAt = this.date(createdAt);
      publishedAt = this.date(updatedAt);
    }
    const ni = this.count();
    const images = (ni < 0 ? undefined : new Array<CatalogImage>(ni)) as CatalogImage[];
    for (let i = 0; i < ni; i++) {
      const f = this.uint();
      const img: CatalogImage = { src: this.strOr(lean) };
      if (f & I_WIDTH) img.width = this.num();
      if (f & I_HEIGHT) img.height = this.num();
      if (f & I_ALT) img.alt = f & I_ALT_NULL ? null : this.ref();
      images[i] = img;
    }
    const no = this.count();
    const options = (no < 0 ? undefined : new Array<CatalogOption>(lean ? 0 : no)) as CatalogOption[];
    let values = 0;
    for (let i = 0; i < no; i++) {
      const name = (w.names[i] = this.uint());
      const k = this.idsInto(w.values, values);
      if (!lean) options[i] = { name: this.strings[name] as string, values: this.stringsOf(w.values, values, k) };
      values += Math.max(0, k);
      w.valueEnds[i] = values;
    }
    w.nameCount = Math.max(0, no);
    const nv = this.count();
    if (no < 0 || nv < 0) w.lists = false;
    const variants = (nv < 0 ? undefined : new Array<CatalogVariant>(nv)) as CatalogVariant[];
    for (let i = 0; i < nv; i++) {
      const f = this.uint();
      const vid = this.strOr(lean);
      const vtitle = this.ref();
      const sku = this.str();
      const barcode = this.strOr(lean);
      const price = this.num();
      const compareAtPrice = f & V_COMPARE_NULL ? null : this.num();
      const inventoryQuantity = this.num();
      const opts = lean ? NONE : this.list();
      if (lean) for (let k = this.count(); k > 0; k--) this.uint();
      const weight = this.num();
      const image = f & V_IMAGE_NULL ? null : this.ref();
      variants[i] = {
        id: vid, title: vtitle, sku, barcode, price, compareAtPrice, available: f & V_AVAILABLE_UNDEFINED ? (undefined as unknown as boolean) : (f & V_AVAILABLE) !== 0, inventoryQuantity, options: opts, weight, image,
        fulfillmentService: this.ref(),
      };
    }
    const nc = this.idsInto(w.collections, 0);
    w.collectionCount = Math.max(0, nc);
    const collections = lean ? NONE : this.stringsOf(w.collections, 0, nc);
    const rating = this.num();
    const reviewCount = this.num();
    const sales = this.num();
    const p: CatalogProduct = { id, handle, title, vendor, productType, tags, bodyHtml, createdAt, updatedAt, publishedAt, images, options, variants, collections, rating, reviewCount, sales };
    if (flags & F_SUFFIX) p.templateSuffix = flags & F_SUFFIX_NULL ? null : this.ref();
    if (flags & F_METAFIELDS) p.metafields = JSON.parse(this.str()) as NonNullable<CatalogProduct['metafields']>;
    return p;
  }
}

/**
 * Product d of a build's products (made one at a time when they are a sequence). (Made out here:
 * a closure made in ProductStore.build would hold the products for as long as the store's
 * writer holds the closures made beside it.)
 */
function productAt(products: readonly CatalogProduct[] | ProductSequence): (d: number) => CatalogProduct {
  if (!Array.isArray(products)) {
    const sequence = products as ProductSequence;
    return (d) => sequence.at(d);
  }
  const list = products as readonly CatalogProduct[];
  return (d) => list[d] as CatalogProduct;
}

/** The products of an index by slot, one compact record each (see the top of this file). */
export class ProductStore implements ProductSource {
  readonly size: number;
  private writer: Writer;
  /** Slot d's record is data[starts[d] .. ends[d]); an empty one is a free slot. */
  private readonly starts: Uint32Array;
  private readonly ends: Uint32Array;
  private readonly strings: string[];
  private stringIds: Map<string, number> | null = null;
  /** Bytes of records no slot points at any more (left by live updates). */
  private garbage = 0;
  /** The objects a build was given, read instead of decoding until `cool()`. */
  private warmProducts: readonly CatalogProduct[] | null = null;

  /** Variant columns (see VariantColumns); `used` of them are taken, some by replaced products. */
  private cols: VariantColumns & { wide: Set<number> };
  private used = 0;

  private constructor(size: number, parts?: StoreParts, memory: BufferFor | null = null) {
    this.size = size;
    this.strings = parts ? parts.strings : [];
    this.decodedIds = writtenIds(this.strings);
    this.starts = parts ? parts.starts : typedIn(Uint32Array, size, memory);
    this.ends = parts ? parts.ends : typedIn(Uint32Array, size, memory);
    this.writer = new Writer(0, (s) => this.intern(s), this.strings);
    if (parts) {
      this.writer.buf = parts.data;
      this.writer.at = parts.data.length;
      const v = parts.variants;
      this.cols = { ...v, wide: new Set(v.wide) };
      this.used = v.price.length;
    } else {
      this.cols = { first: typedIn(Uint32Array, size, memory), count: typedIn(Uint32Array, size, memory), price: new Float64Array(0), available: new Uint8Array(0), options: new Uint32Array(0), names: typedIn(Uint32Array, size * OPTIONS, memory), wide: new Set() };
    }
  }

  /** The variant columns (see VariantColumns). */
  variants(): VariantColumns {
    return this.cols;
  }

  /** A string of the string table by its id (column values are ids + 1). */
  string(id: number): string {
    return this.strings[id] as string;
  }

  /** The slot whose record is being written (see columnsFor). */
  private slot = 0;
  /** Fills slot `this.slot`'s variant columns as its record is written (one object for every write). */
  private readonly sink: NonNullable<Writer['sink']> = {
    start: (names, count) => {
      const c = this.cols;
      const d = this.slot;
      if (count > OPTIONS) c.wide.add(d);
      for (let i = 0; i < OPTIONS && i < count; i++) c.names[d * OPTIONS + i] = (names[i] as number) + 1;
    },
    variant: (v, options, count) => {
      const c = this.cols;
      const d = this.slot;
      const g = this.used++;
      if (g >= c.price.length) {
        const cap = Math.max(1024, g * 2);
        c.price = grown(c.price, cap);
        c.available = grown(c.available, cap);
        c.options = grown(c.options, cap * OPTIONS);
      }
      c.count[d] = (c.count[d] as number) + 1;
      c.price[g] = v.price;
      c.available[g] = v.available ? 1 : 0;
      if (count > OPTIONS) c.wide.add(d);
      for (let i = 0; i < OPTIONS; i++) c.options[g * OPTIONS + i] = i < count ? (options[i] as number) + 1 : 0;
    },
  };

  /** Slot d's variant columns, emptied, to be filled as its record is written (see Writer.sink). */
  private columnsFor(d: number): NonNullable<Writer['sink']> {
    const c = this.cols;
    c.first[d] = this.used;
    c.count[d] = 0;
    c.names.fill(0, d * OPTIONS, (d + 1) * OPTIONS);
    if (c.wide.size > 0) c.wide.delete(d);
    this.slot = d;
    return this.sink;
  }

  /**
   * The store of `products` in slots 0.., then `free` free slots. Until `cool()`, reads return
   * the objects given (a build reads every product several times); products of a sequence
   * (product-sequence.ts) are made one at a time as they are written, and let go: reads decode. `each` is called with every
   * product right after its record is written, in slot order, while the product's objects are
   * still in the processor's cache (the index reads its numbers and facet values there: one pass
   * over a catalogue of objects spread over gigabytes instead of three), and with the string ids
   * its record took (the index reads its facet values there, not hashing them again).
   * `variantCount`: the products' variants, when the caller has counted them (else they are
   * counted here first; a sequence's by its `variantCount`). `memory`: where its arrays are (a build's shared memory, SharedBudget in build-thread.ts).
   */
  static build(products: readonly CatalogProduct[] | ProductSequence, free: number, each?: (d: number, p: CatalogProduct, written: WrittenIds) => void, variantCount?: number, memory: BufferFor | null = null): ProductStore {
    const store = new ProductStore(products.length + free, undefined, memory);
    store.memo = new StringMemo(BUILD_MEMO);
    store.writer = new Writer(Math.min(products.length, 2000) * 400, (s) => store.intern(s), store.strings, memory);
    let variants = variantCount ?? 0;
    const list = Array.isArray(products) ? (products as readonly CatalogProduct[]) : null;
    const at = productAt(products);
    if (variantCount === undefined) {
      for (let d = 0; d < products.length; d++) variants += list ? ((list[d] as CatalogProduct).variants?.length ?? 0) : (products as ProductSequence).variantCount(d);
    }
    const cap = variants + 4 * free;
    Object.assign(store.cols, { price: typedIn(Float64Array, cap, memory), available: typedIn(Uint8Array, cap, memory), options: typedIn(Uint32Array, cap * OPTIONS, memory) });
    // The buffer is sized once, from the bytes of the first products (each growth of a large
    // buffer is a copy and brings on a full garbage collection of the catalogue's objects).
    const sample = Math.min(products.length, 2000);
    const written = (d: number): WrittenIds => {
      const w = store.writer.written;
      const c = store.cols;
      w.first = c.first[d] as number;
      w.count = c.count[d] as number;
      w.options = c.options;
      w.available = c.available;
      return w;
    };
    for (let d = 0; d < sample; d++) {
      const p = at(d);
      store.write(d, p);
      each?.(d, p, written(d));
    }
    const w = store.writer;
    const projected = Math.ceil((w.at / Math.max(1, sample)) * products.length * 1.03) + 4096;
    if (projected > w.buf.length) {
      const buf = typedIn(Uint8Array, projected, memory);
      buf.set(w.buf.subarray(0, w.at));
      w.buf = buf;
    }
    for (let d = sample; d < products.length; d++) {
      const p = at(d);
      store.write(d, p);
      each?.(d, p, written(d));
    }
    // Room for some live updates, not for half the buffer.
    if (w.buf.length > w.at * 1.05 + 4096) w.buf = cut(w.buf, Math.ceil(w.at * 1.02) + 4096, memory);
    store.warmProducts = list;
    return store;
  }

  /**
   * A store written one product at a time as they arrive (a streaming import: their number is
   * not known before, and each product's objects can be let go once written): `add(p)` writes
   * the next slot, `finish(free)` gives the store with `free` free slots after them.
   */
  static appender(): { add(p: CatalogProduct): void; readonly count: number; finish(free: number): ProductStore } {
    let store = new ProductStore(1024);
    store.writer = new Writer(1 << 20, (s) => store.intern(s), store.strings);
    let count = 0;
    /** The same records, strings and columns in a store of `size` slots (the writer goes on interning into the newest one). */
    const resized = (size: number): ProductStore => {
      const fit = <T extends Uint32Array>(a: T, n: number): T => (n <= a.length ? (a.slice(0, n) as T) : grown(a, n));
      const c = store.cols;
      const next = new ProductStore(size, {
        data: store.writer.buf, starts: fit(store.starts, size), ends: fit(store.ends, size), strings: store.strings,
        variants: { first: fit(c.first, size), count: fit(c.count, size), names: fit(c.names, size * OPTIONS), price: c.price, available: c.available, options: c.options, wide: [] },
      });
      next.cols.wide = c.wide;
      next.stringIds = store.stringIds;
      next.used = store.used;
      next.writer = store.writer;
      return next;
    };
    return {
      add(p) {
        if (count === store.size) store = resized(store.size * 2);
        store.write(count++, p);
      },
      get count() {
        return count;
      },
      finish(free) {
        const done = resized(count + free);
        store = done;
        const w = done.writer;
        if (w.buf.length > w.at * 1.05 + 4096) w.buf = w.buf.slice(0, Math.ceil(w.at * 1.02) + 4096);
        return done;
      },
    };
  }

  /** A store read back from a snapshot's parts (views of its buffer). */
  static restore(parts: StoreParts): ProductStore {
    return new ProductStore(parts.starts.length, parts);
  }

  /** Reads decode the records from now on (the build's objects are let go, and the build's larger memo). */
  cool(): void {
    this.warmProducts = null;
    this.memo = new StringMemo();
  }

  /** In front of the string table's map: larger while a build interns a catalogue's strings, small after it (see cool()). */
  private memo = new StringMemo();

  private intern(s: string): number {
    // (Plain JavaScript callers may give other values: they are kept as given, through the map.)
    if (typeof s !== 'string') return this.internNew(s);
    let id = this.memo.get(s);
    if (id < 0) {
      id = this.internNew(s);
      this.memo.set(s, id);
    }
    return id;
  }

  private internNew(s: string): number {
    if (!this.stringIds) this.stringIds = new Map(this.strings.map((x, i) => [x, i]));
    let id = this.stringIds.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(s);
      this.stringIds.set(s, id);
    }
    return id;
  }

  private write(d: number, p: CatalogProduct): void {
    const w = this.writer;
    this.garbage += (this.ends[d] as number) - (this.starts[d] as number);
    const start = w.at;
    w.sink = this.columnsFor(d);
    if (p !== EMPTY_SLOT) w.product(p);
    w.sink = null;
    this.starts[d] = p === EMPTY_SLOT ? 0 : start;
    this.ends[d] = p === EMPTY_SLOT ? 0 : w.at;
  }

  private reader(d: number, ids = (this.scratch ??= writtenIds(this.strings)), lean = false): Reader | null {
    if (this.starts[d] === this.ends[d]) return null;
    const r = new Reader(this.writer.buf, this.strings, ids, lean);
    r.at = this.starts[d] as number;
    return r;
  }

  /** The ids `get` decodes (not `decodedIds`: a get while a build reads those leaves them be). */
  private scratch: WrittenIds | null = null;

  get(d: number): CatalogProduct {
    const warm = this.warmProducts;
    if (warm) return d < warm.length ? (warm[d] as CatalogProduct) : EMPTY_SLOT;
    return this.reader(d)?.product() ?? EMPTY_SLOT;
  }

  /**
   * The product of slot d, decoded from its record (not a free slot, not a build's objects),
   * with the string ids the record holds in `decodedIds`: what `build`'s `each` is given as a
   * product is written, for a build from a store written before (a streaming import's,
   * catalog-index.ts). Valid until the next call. `lean`: only what a build's index reads of a
   * product when every facet field takes its values from the ids (`productStats`,
   * `writeNumbers`, the text index: title, tags, SKUs, description, prices, numbers): the ids,
   * handle, image sources, options, collections and the variants' ids, barcodes and options
   * are left out ('' or []), and so are the dates when the creation date's milliseconds are in
   * `decodedIds` and the other two dates are it. Not lean when a list is missing (the fields
   * read the product then).
   */
  getWithIds(d: number, lean = false): CatalogProduct {
    const w = this.decodedIds;
    const c = this.cols;
    w.first = c.first[d] as number;
    w.count = c.count[d] as number;
    w.options = c.options;
    w.available = c.available;
    const p = this.reader(d, w, lean)?.product() ?? EMPTY_SLOT;
    return lean && !w.lists ? this.getWithIds(d) : p;
  }

  /** The string ids of the product `getWithIds` decoded last. */
  readonly decodedIds: WrittenIds;

  /** Puts product p (or EMPTY_SLOT) in slot d. Throws, changing nothing, when p cannot be encoded. */
  set(d: number, p: CatalogProduct): void {
    if (this.warmProducts) {
      // Decode from now on: the build's objects no longer tell slot d.
      this.warmProducts = null;
    }
    const at = this.writer.at;
    const { garbage, used } = this;
    const c = this.cols;
    const before = { first: c.first[d] as number, count: c.count[d] as number, names: c.names.slice(d * OPTIONS, (d + 1) * OPTIONS), wide: c.wide.has(d) };
    try {
      this.write(d, p);
    } catch (err) {
      // Nothing changed: the slot keeps its record and columns.
      this.writer.at = at;
      this.writer.sink = null;
      Object.assign(this, { garbage, used });
      c.first[d] = before.first;
      c.count[d] = before.count;
      c.names.set(before.names, d * OPTIONS);
      if (before.wide) c.wide.add(d);
      else c.wide.delete(d);
      throw err;
    }
    if (this.garbage > 1 << 20 && this.garbage * 2 > this.writer.at) this.compact();
  }

  /** Rewrites the live records end to end, taking back the space of old ones. */
  private compact(): void {
    const old = this.writer.buf;
    const w = new Writer(this.writer.at - this.garbage + 256, (s) => this.intern(s), this.strings);
    for (let d = 0; d < this.size; d++) {
      const s = this.starts[d] as number;
      const e = this.ends[d] as number;
      if (s === e) continue;
      const start = w.at;
      w.buf.set(old.subarray(s, e), start);
      w.at += e - s;
      this.starts[d] = start;
      this.ends[d] = w.at;
    }
    this.writer = w;
    this.garbage = 0;
    // The variant columns too, in slot order.
    const c = this.cols;
    let total = 0;
    for (let d = 0; d < this.size; d++) total += c.count[d] as number;
    const price = new Float64Array(Math.max(1024, total * 2));
    const available = new Uint8Array(price.length);
    const options = new Uint32Array(price.length * OPTIONS);
    let g = 0;
    for (let d = 0; d < this.size; d++) {
      const f = c.first[d] as number;
      const n = c.count[d] as number;
      price.set(c.price.subarray(f, f + n), g);
      available.set(c.available.subarray(f, f + n), g);
      options.set(c.options.subarray(f * OPTIONS, (f + n) * OPTIONS), g * OPTIONS);
      c.first[d] = g;
      g += n;
    }
    Object.assign(c, { price, available, options });
    this.used = g;
  }

  /** Field reads without decoding the whole record: id, handle and title lead it. */
  private lead(d: number, skip: number): string {
    const warm = this.warmProducts;
    if (warm) {
      const p = d < warm.length ? (warm[d] as CatalogProduct) : EMPTY_SLOT;
      return skip === 0 ? p.id : skip === 1 ? p.handle : p.title;
    }
    const r = this.reader(d);
    if (!r) return '';
    r.uint();
    for (let k = 0; k < skip; k++) r.skipStr();
    return r.str();
  }

  id(d: number): string {
    return this.lead(d, 0);
  }

  handle(d: number): string {
    return this.lead(d, 1);
  }

  title(d: number): string {
    return this.lead(d, 2);
  }

  /** The records and columns as a snapshot writes them (the used part of each). */
  parts(): StoreParts {
    const c = this.cols;
    const n = this.used;
    return {
      data: this.writer.buf.subarray(0, this.writer.at), starts: this.starts, ends: this.ends, strings: this.strings,
      variants: { first: c.first, count: c.count, price: c.price.subarray(0, n), available: c.available.subarray(0, n), options: c.options.subarray(0, n * OPTIONS), names: c.names, wide: [...c.wide] },
    };
  }

  /** Bytes held: records, bounds, and the string table's characters (for the README's figures). */
  get bytes(): number {
    const c = this.cols;
    const columns = [c.first, c.count, c.price, c.available, c.options, c.names].reduce((n, a) => n + a.byteLength, 0);
    return this.writer.buf.byteLength + this.starts.byteLength + this.ends.byteLength + columns + this.strings.reduce((n, s) => n + s.length, 0);
  }
}
