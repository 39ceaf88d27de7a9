// Facet counting: doc_count per value of a field over a set of products, through the field's
// forward index, its bitsets or postings, or cached histograms over posting lists.
import { countAnd, hasBit, popcount32, type Bitset } from './bitset';
import type { CatalogIndex, TermField } from './catalog-index';

/**
 * A set of products to count over: its bitset, its size, and its members either as posting lists
 * whose disjoint union it is (a selection of one value, or of values of a single-valued field such
 * as vendor, or a collection scope alone), or as a list extracted into `buf` on first use and
 * shared by every option counted over the set (or filled while the set is built: from its
 * driving posting lists, in their order, or while ANDing its bitsets, in increasing order).
 */
export interface DocSet {
  bits: Bitset;
  size: number;
  lists: Uint32Array[] | null;
  list: Uint32Array | null;
  buf: Uint32Array;
}

/** The members of a set, extracted into its buffer (in increasing order) on first use. */
function listOf(set: DocSet): Uint32Array {
  if (!set.list) {
    const b = set.bits;
    const docs = set.buf;
    let i = 0;
    for (let w = 0; w < b.length; w++) {
      let x = (b[w] as number) | 0;
      while (x !== 0) {
        docs[i++] = (w << 5) + 31 - Math.clz32(x & -x);
        x &= x - 1;
      }
    }
    set.list = docs.subarray(0, i);
  }
  return set.list;
}

/** The members of a set as lists (in no particular order across lists). */
export const membersOf = (set: DocSet): Uint32Array[] => set.lists ?? [listOf(set)];

/** Adds the values of the products `docs` to counts, through the field's forward index. */
export function countDocs(field: TermField, docs: Uint32Array, counts: Uint32Array): void {
  const { offsets, vals, single, masks } = field;
  if (single) {
    for (let i = 0; i < docs.length; i++) {
      const v = (single[docs[i] as number] as number) - 1;
      if (v >= 0) counts[v] = (counts[v] as number) + 1;
    }
    return;
  }
  if (masks) {
    // One read per product instead of two scattered ones (offsets, then values). Many products:
    // how often each byte of a mask occurs, then each byte value's bits counted once.
    if (docs.length >= BYTE_COUNTED) {
      countMaskBytes(masks, docs, counts);
      return;
    }
    for (let i = 0; i < docs.length; i++) {
      for (let m = (masks[docs[i] as number] as number) | 0; m !== 0; m &= m - 1) {
        const v = 31 - Math.clz32(m & -m);
        counts[v] = (counts[v] as number) + 1;
      }
    }
    return;
  }
  if (docs.length * SCATTERED > offsets.length) {
    // Products close together (a large posting list, as histograms are warmed): read in order.
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      const end = offsets[d + 1] as number;
      for (let k = offsets[d] as number; k < end; k++) {
        const v = vals[k] as number;
        counts[v] = (counts[v] as number) + 1;
      }
    }
    return;
  }
  // Scattered products: in chunks, three passes each: every product's value range, a read of its
  // first value, then the count. The reads of the first two passes do not wait on each other, so
  // the processor has many of them under way at once, and the count finds the values in cache.
  // Read in one pass, each product's values wait for its range: a few hundred products spread over
  // 100,000 took about 1.7 times as long (bench/query-path.md).
  const last = vals.length - 1;
  for (let at = 0; at < docs.length; at += CHUNK) {
    const n = Math.min(CHUNK, docs.length - at);
    for (let i = 0; i < n; i++) {
      const d = docs[at + i] as number;
      chunkStart[i] = offsets[d] as number;
      chunkEnd[i] = offsets[d + 1] as number;
    }
    let first = 0;
    for (let i = 0; i < n; i++) first ^= vals[Math.min(chunkStart[i] as number, last)] as number;
    _readAhead = first;
    for (let i = 0; i < n; i++) {
      const end = chunkEnd[i] as number;
      for (let k = chunkStart[i] as number; k < end; k++) {
        const v = vals[k] as number;
        counts[v] = (counts[v] as number) + 1;
      }
    }
  }
}

/** From this many products on, masks are counted by their bytes (countMaskBytes). */
const BYTE_COUNTED = 1024;
/** countMaskBytes' histograms: per byte of a mask (4), how many products have each of its 256 values. */
const byteCounts = new Uint32Array(4 * 256);

/**
 * Adds the values of `docs` to counts through their masks: four increments per product whatever
 * its number of values (a loop over a mask's bits ends at a different point for each product, and
 * the processor mispredicts it), then per byte value that occurs, its count added to each of its
 * bits' values (at most 4 x 256 x 8 additions, fewer for narrow masks).
 */
function countMaskBytes(masks: Uint8Array | Uint16Array | Uint32Array, docs: Uint32Array, counts: Uint32Array): void {
  const h = byteCounts.fill(0);
  for (let i = 0; i < docs.length; i++) {
    const m = masks[docs[i] as number] as number;
    h[m & 255] = (h[m & 255] as number) + 1;
    h[256 + ((m >>> 8) & 255)] = (h[256 + ((m >>> 8) & 255)] as number) + 1;
    h[512 + ((m >>> 16) & 255)] = (h[512 + ((m >>> 16) & 255)] as number) + 1;
    h[768 + (m >>> 24)] = (h[768 + (m >>> 24)] as number) + 1;
  }
  const bytes = masks.BYTES_PER_ELEMENT;
  for (let b = 0; b < bytes; b++) {
    for (let x = 1; x < 256; x++) {
      const n = h[b * 256 + x] as number;
      if (n === 0) continue;
      for (let m = x; m !== 0; m &= m - 1) {
        const v = b * 8 + 31 - Math.clz32(m & -m);
        counts[v] = (counts[v] as number) + n;
      }
    }
  }
}

/** Fewer products than 1 in SCATTERED of the catalogue are counted as scattered (countDocs). */
const SCATTERED = 16;
/** countDocs' chunk: the value range of each of its products (reused by every count). */
const CHUNK = 256;
const chunkStart = new Uint32Array(CHUNK);
const chunkEnd = new Uint32Array(CHUNK);
/** The read-ahead's result, kept so that the reads are not left out as unused. */
let _readAhead = 0;

/**
 * doc_count per value id of a field over a set (read-only: a buffer reused by the next count, or
 * a cached histogram).
 */
export function countField(index: CatalogIndex, field: TermField, set: DocSet): Uint32Array {
  // One counts array per field, reused by every request (read before the next count).
  const m = field.keys.length;
  const counts = (field.counts ??= new Uint32Array(m)).fill(0);
  const size = set.size;
  if (size === index.live) {
    field.postings.forEach((p, i) => (counts[i] = p.length));
    return counts;
  }
  if (set.lists) {
    // A disjoint union of posting lists: the sum of the field's histograms over each list, kept
    // for lists of at least 64 products and not shorter than the histogram (others are counted).
    for (const docs of set.lists) {
      if (docs.length < Math.max(64, m)) {
        countDocs(field, docs, counts);
        continue;
      }
      const h = index.histograms.get(docs, field, m, (out) => countDocs(field, docs, out));
      if (set.lists.length === 1) return h;
      for (let v = 0; v < m; v++) counts[v] = (counts[v] as number) + (h[v] as number);
    }
    return counts;
  }
  const avg = field.vals.length / Math.max(1, index.size);
  if (size * avg <= field.postingCost) {
    for (const docs of membersOf(set)) countDocs(field, docs, counts);
    return counts;
  }
  const b = set.bits;
  for (let v = 0; v < field.keys.length; v++) {
    const bits = field.bitsets[v];
    let n = 0;
    if (bits) {
      for (let i = 0; i < b.length; i++) {
        const w = (b[i] as number) & (bits[i] as number);
        if (w !== 0) n += popcount32(w);
      }
    } else {
      const p = field.postings[v] as Uint32Array;
      for (let k = 0; k < p.length; k++) if (hasBit(b, p[k] as number)) n++;
    }
    counts[v] = n;
  }
  return counts;
}

/**
 * Fills the histogram cache at build time, up to `maxBytes`: the counts of every `counted` field
 * over each posting list of a `selectable` field (a value a shopper can pick, or a collection
 * page), largest lists first (the costliest to count), so the first shopper to pick a popular
 * colour or vendor pays no count over its products. Lists that countField counts directly
 * (shorter than max(64, values of the counted field)) are skipped. A counted field of one or a
 * few values per product (single, masks) is counted over each list through its narrow arrays
 * (countDocs); one of many values per product (tags) over all the lists of a field at once
 * (countPairs).
 */
export function warmHistograms(index: CatalogIndex, selectable: readonly TermField[], counted: readonly TermField[], maxBytes: number): void {
  const wanted: Array<[TermField, number, TermField]> = [];
  for (const a of selectable) a.postings.forEach((list, v) => {
    // Not a field over its own values' lists: its own selection is left out of its counts (only a
    // collection option on a collection page reads one, kept on first use).
    for (const b of counted) if (b !== a && list.length >= Math.max(64, b.keys.length)) wanted.push([a, v, b]);
  });
  wanted.sort((x, y) => (y[0].postings[y[1]] as Uint32Array).length - (x[0].postings[x[1]] as Uint32Array).length);
  let bytes = index.histograms.bytes;
  const rows = new Map<TermField, Map<TermField, Array<Uint32Array | null>>>();
  for (const [a, v, b] of wanted) {
    if ((bytes += b.keys.length * 4 + 128) > maxBytes) break;
    let byB = rows.get(a);
    if (!byB) rows.set(a, (byB = new Map()));
    let hs = byB.get(b);
    // Dense (one slot per value of a): a sparse array of a large field would be a dictionary.
    if (!hs) byB.set(b, (hs = new Array<Uint32Array | null>(a.keys.length).fill(null)));
    hs[v] = new Uint32Array(b.keys.length);
  }
  for (const [a, byB] of rows) {
    for (const [b, hs] of byB) {
      if (b.single || b.masks) hs.forEach((h, v) => h && countDocs(b, a.postings[v] as Uint32Array, h));
      else countPairs(a, b, hs);
    }
    for (const [b, hs] of byB) hs.forEach((h, v) => h && index.histograms.get(a.postings[v] as Uint32Array, b, h.length, (out) => out.set(h)));
  }
}

/**
 * Adds to hs[va][vb] one for each product with value va of field a and value vb of field b, for
 * each va whose histogram hs holds: each hs[va] becomes the counts of b over a's posting list of
 * va (what countDocs counts over that list, the list being the products whose forward index has
 * va). Both forward indexes are read once, in slot order, where countDocs over each list in
 * turn reads the counted field's values scattered (a colour's list holds about one product in a
 * dozen; measured in bench/build.md).
 */
export function countPairs(a: TermField, b: TermField, hs: ReadonlyArray<Uint32Array | null>): void {
  const { offsets: ao, vals: av } = a;
  const { offsets: bo, vals: bv } = b;
  const n = Math.min(ao.length, bo.length) - 1;
  for (let d = 0; d < n; d++) {
    const from = bo[d] as number;
    const to = bo[d + 1] as number;
    if (from === to) continue;
    const end = ao[d + 1] as number;
    for (let k = ao[d] as number; k < end; k++) {
      const h = hs[av[k] as number];
      if (!h) continue;
      for (let j = from; j < to; j++) {
        const v = bv[j] as number;
        h[v] = (h[v] as number) + 1;
      }
    }
  }
}

/** |set AND bits|: a popcount over the words, or a bit test per member for a set smaller than that. */
export function countIn(set: DocSet, bits: Bitset): number {
  if (set.size >= bits.length) return countAnd(set.bits, bits);
  let n = 0;
  for (const docs of membersOf(set)) for (let i = 0; i < docs.length; i++) if (hasBit(bits, docs[i] as number)) n++;
  return n;
}
