// A small direct-mapped memo of string -> id in front of a Map (a build interns millions of
// strings, most of them repeats of a few thousand): a string's slot comes from its length and
// three of its characters (no hash of the whole string), and a hit is one comparison, mostly of
// the very same string object. A miss is looked up in the Map as before.

const SLOTS = 1024;

export class StringMemo {
  private readonly strings: unknown[] = new Array<unknown>(SLOTS).fill(null);
  private readonly ids = new Int32Array(SLOTS);

  private static slot(s: string): number {
    const n = s.length;
    return n === 0 ? 0 : (n * 31 + s.charCodeAt(0) * 7 + s.charCodeAt(n >> 1) * 131 + s.charCodeAt(n - 1)) & (SLOTS - 1);
  }

  /** The id remembered for s, or -1. */
  get(s: string): number {
    const k = StringMemo.slot(s);
    return this.strings[k] === s ? (this.ids[k] as number) : -1;
  }

  set(s: string, id: number): void {
    const k = StringMemo.slot(s);
    this.strings[k] = s;
    this.ids[k] = id;
  }
}
