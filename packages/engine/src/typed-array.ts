/** A copy of a typed array grown to `length` (zero-filled past the old end). */
export function grown<T extends Uint8Array | Uint32Array | Int32Array | Float32Array | Float64Array>(a: T, length: number): T {
  const b = new (a.constructor as new (n: number) => T)(length);
  b.set(a);
  return b;
}
