/** A copy of a typed array grown to `length` (zero-filled past the old end). */
export function grown<T extends Uint8Array | Uint32Array | Int32Array | Float32Array | Float64Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
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
