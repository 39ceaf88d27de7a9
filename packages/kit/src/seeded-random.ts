/**
 * A seeded source of numbers in [0, 1) (mulberry32: small, fast, well distributed): the same
 * seed gives the same sequence. For the `random` seams of the packages (retry jitter) in tests and
 * simulations, and for generated data that must be the same on every run.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
