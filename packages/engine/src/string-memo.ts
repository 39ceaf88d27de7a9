// A small direct-mapped memo of string -> id in front of a Map (a build interns millions of
// strings, most of them repeats of a few thousand): a string's slot comes from its length and
// six of its characters, mixed (no hash of the whole string), and a hit is one comparison. A
// miss is looked up in the Map as before.

export class StringMemo {
  private readonly strings: unknown[];
  private readonly ids: Int32Array;
  private readonly shift: number;

  /** `slots`: a power of two (a build's store, which sees thousands of distinct strings, takes more). */
  constructor(slots = 1024) {
    this.strings = new Array<unknown>(slots).fill(null);
    this.ids = new Int32Array(slots);
    this.shift = 32 - Math.log2(slots);
  }

  private slot(s: string): number {
    const n = s.length;
    if (n === 0) return 0;
    // (The first two, the middle and the last three: names that differ only in a short ending,
    // as variant titles do, `Black / XXL` and `Black / 3XL`, take different slots.)
    const h = n ^ (s.charCodeAt(0) << 4) ^ (s.charCodeAt(1) << 8) ^ (s.charCodeAt(n >> 1) << 12) ^ (s.charCodeAt(n - 3) << 16) ^ (s.charCodeAt(n - 2) << 20) ^ (s.charCodeAt(n - 1) << 24);
    return Math.imul(h, 0x9e3779b1) >>> this.shift;
  }

  /** The id remembered for s, or -1. */
  get(s: string): number {
    const k = this.slot(s);
    return this.strings[k] === s ? (this.ids[k] as number) : -1;
  }

  set(s: string, id: number): void {
    const k = this.slot(s);
    this.strings[k] = s;
    this.ids[k] = id;
  }
}
