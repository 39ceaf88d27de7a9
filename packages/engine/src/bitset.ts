// Fixed-size bitsets over product positions, stored as Uint32Array words.
import type { BufferFor } from './build-thread';
import { typedIn } from './typed-array';

export type Bitset = Uint32Array;

export function wordsFor(size: number): number {
  return (size + 31) >>> 5;
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function countBits(a: Bitset): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const w = a[i] as number;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

/** |a AND b| without allocating. */
export function countAnd(a: Bitset, b: Bitset): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const w = (a[i] as number) & (b[i] as number);
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

/**
 * out = AND of `sets` (at least two), in one pass over the words for two or three sets. The
 * members are written to `members` in increasing order while there are at most `maxMembers` of
 * them (a small set is then never scanned again to list it). Returns the number of members, and
 * whether `members` holds them all.
 */
export function andInto(sets: readonly Bitset[], out: Bitset, members: Uint32Array, maxMembers: number): [number, boolean] {
  const a = sets[0] as Bitset;
  const b = sets[1] as Bitset;
  const c = sets[2] ?? b;
  const rest = sets.length > 3;
  if (rest) {
    out.set(sets[3] as Bitset);
    for (let k = 4; k < sets.length; k++) andInPlace(out, sets[k] as Bitset);
  }
  // One loop (a second loop for the words past the listing would be first reached late, after
  // the compiler has optimised this one without feedback for it, and be deoptimised over and over).
  let n = 0;
  let listed = true;
  for (let i = 0; i < out.length; i++) {
    let w = ((a[i] as number) & (b[i] as number) & (c[i] as number) & (rest ? (out[i] as number) : -1)) | 0;
    out[i] = w;
    if (w === 0) continue;
    if (listed) {
      for (; w !== 0; w &= w - 1) members[n++] = (i << 5) + 31 - Math.clz32(w & -w);
      listed = n <= maxMembers;
    } else n += popcount32(w);
  }
  return [n, listed];
}

/** a &= b, in place. */
export function andInPlace(a: Bitset, b: Bitset): void {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) & (b[i] as number);
}

/** a |= b, in place. */
export function orInPlace(a: Bitset, b: Bitset): void {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) | (b[i] as number);
}

export function setBit(a: Bitset, i: number): void {
  a[i >>> 5] = (a[i >>> 5] as number) | (1 << (i & 31));
}

export function hasBit(a: Bitset, i: number): boolean {
  return ((a[i >>> 5] as number) & (1 << (i & 31))) !== 0;
}

/** The bitset of a posting list (in memory from `memory` when given: a build's shared memory, build-thread.ts). */
export function fromPostings(size: number, docs: ArrayLike<number>, memory?: BufferFor | null): Bitset {
  const b = typedIn(Uint32Array, wordsFor(size), memory);
  for (let i = 0; i < docs.length; i++) setBit(b, docs[i] as number);
  return b;
}

export function fullBitset(size: number): Bitset {
  const b = new Uint32Array(wordsFor(size)).fill(0xffffffff);
  const rest = size & 31;
  if (rest !== 0 && b.length > 0) b[b.length - 1] = (1 << rest) - 1;
  return b;
}

/** Calls fn for every set bit, in increasing order. */
export function forEachBit(a: Bitset, fn: (doc: number) => void): void {
  for (let w = 0; w < a.length; w++) {
    let x = a[w] as number;
    while (x !== 0) {
      const t = x & -x;
      fn((w << 5) + (31 - Math.clz32(t)));
      x ^= t;
    }
  }
}
