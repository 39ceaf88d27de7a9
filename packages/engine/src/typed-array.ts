type Grown = Uint8Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/** A copy of a typed array grown to `length` (zero-filled past the old end), in memory from `buffer` when given (shared memory, build-thread.ts). */
export function grown<T extends Grown>(a: T, length: number, buffer?: (bytes: number) => ArrayBufferLike): T {
  const C = a.constructor as (new (n: number) => T) & (new (b: ArrayBufferLike) => T) & { BYTES_PER_ELEMENT: number };
  const b = buffer ? new C(buffer(length * C.BYTES_PER_ELEMENT)) : new C(length);
  b.set(a);
  return b;
}

/** The first position in a sorted list whose value is not below x. */
export function lowerBound(list: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
