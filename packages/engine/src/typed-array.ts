import type { BufferFor } from './build-thread';

type Grown = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/** A zeroed typed array of `length` of the type of `C`, in memory from `memory` when given (a build's shared memory, build-thread.ts); else as `new C(length)`. */
export function typedIn<T extends Grown>(C: { new (length: number): T; new (buffer: ArrayBufferLike): T; BYTES_PER_ELEMENT: number }, length: number, memory?: BufferFor | null): T {
  return memory ? new C(memory(length * C.BYTES_PER_ELEMENT)) : new C(length);
}

/** A copy of a typed array grown to `length` (zero-filled past the old end), in memory from `buffer` when given (shared memory, build-thread.ts). */
export function grown<T extends Grown>(a: T, length: number, buffer?: BufferFor | null): T {
  const b = typedIn(a.constructor as never, length, buffer) as T;
  b.set(a);
  return b;
}

/** The first `length` elements of a typed array, copied into memory from `memory` when given (else `a.slice(0, length)`). */
export function cut<T extends Grown>(a: T, length: number, memory?: BufferFor | null): T {
  if (!memory) return a.slice(0, length) as T;
  const b = typedIn(a.constructor as never, length, memory) as T;
  b.set(a.subarray(0, length));
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
