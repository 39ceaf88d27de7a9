// Splits a products file into its products as its bytes arrive, without ever holding the whole
// file (a 1,000,000-product export is 1.6 to 2.5 billion characters of JSON, more than one V8
// string can hold): the platform's export `{"products":[...]}` (other top-level members are kept
// as text, for the catalogue's other fields), a bare JSON array of products, or NDJSON (one product
// per line). Each product's text is handed over whole, with its position (index, line, byte
// offset), for the caller to JSON.parse; a byte loop finds where a top-level element ends
// (strings and nesting tracked, nothing else parsed), and JSON.parse does the rest natively.
// Exports write a product per line: there a product's end is first guessed at its line's end,
// and the guess is taken when JSON.parse reads that text as one object (then the product is
// handed over parsed, and the byte loop never sees it; see `guess`).
// Over 300 lines: one scanner's states over one byte stream; the two formats share its chunk
// bookkeeping (a product's pieces across chunks, positions, the size bound) and its errors.

import { isAscii } from 'node:buffer';

/** Where a product sits in its file: its index among the products, its line (NDJSON) and its first byte. */
export interface ProductPosition {
  index: number;
  /** 1-based line (NDJSON; 0 for a JSON file, where lines are not counted). */
  line: number;
  /** Byte offset of the product's first byte in the file. */
  offset: number;
}

/** A products file that cannot be read: names the file, the product (index or line) and the byte offset. */
export class ProductsFileError extends Error {
  override readonly name = 'ProductsFileError';
  constructor(
    readonly file: string,
    readonly offset: number,
    problem: string,
    readonly index?: number,
    readonly line?: number,
  ) {
    const where = line ? `line ${line}, ` : index !== undefined ? `products[${index}], ` : '';
    super(`[@pkg/engine] ${file} (${where}byte ${offset}): ${problem}`);
  }
}

export type ProductsFileFormat = 'json' | 'ndjson';

/** Bytes of a chunk the byte loop reads as one latin1 text (see ProductSplitter.scanFrom). */
const SCAN_WINDOW = 64 * 1024;

/** The largest product (or other top-level member) a file may hold, in bytes. */
export const MAX_PRODUCT_BYTES = 64 * 1024 * 1024;

const OPEN_OBJ = 0x7b;
const CLOSE_OBJ = 0x7d;
const OPEN_ARR = 0x5b;
const CLOSE_ARR = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const NL = 0x0a;
const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf];
const isSpace = (c: number) => c === 0x20 || c === NL || c === CR || c === 0x09;

/** A product's text and position; `value` is its JSON.parse when the splitter parsed it already (see `guess`). */
type Emit = (text: string, at: ProductPosition, value?: object) => void;

// States of the JSON scanner between values.
const enum S {
  Start, // before the top-level value
  Key, // in the top-level object, before a member's key (or its end)
  Colon, // after a key
  MemberValue, // before a member's value
  AfterMember, // after a member: ',' or '}'
  Item, // in the products array, before an element (or its end)
  AfterItem, // after an element: ',' or ']'
  Done, // after the top-level value: only white space
}

/**
 * Feeds a products file's bytes in chunks (`push`), then `end()`: each product's text goes to
 * `emit` as soon as its last byte arrived. Throws a ProductsFileError on a malformed file.
 */
export class ProductSplitter {
  /** The top-level object's other members, as text (JSON.parse them), with their first byte. */
  readonly members = new Map<string, { text: string; offset: number }>();
  private state = S.Start;
  /** Bytes before the current chunk. */
  private base = 0;
  /** Bytes of a byte order mark read so far (3: done). */
  private bom = 0;
  private count = 0;
  private line = 1;
  // The value being collected (an element, a key or a member's value): its pieces, first byte, nesting.
  private pieces: Buffer[] = [];
  private size = 0;
  private from = -1;
  private valueAt = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** What the value being collected is: an element, a key, a member's value. */
  private kind: 'item' | 'key' | 'member' = 'item';
  private key = '';
  private sawProducts = false;
  /** Products whose end was guessed at their line's end, rightly and wrongly (see `guess`). */
  private hits = 0;
  private misses = 0;
  /** The current chunk's first new line at or after the last guess (-1: none left; -2: not looked for). */
  private nl = -2;
  /** Whether the current chunk's bytes are all ASCII (a guessed product's text is then read as latin1, the same characters, faster). */
  private ascii = false;

  constructor(
    private readonly file: string,
    private readonly format: ProductsFileFormat,
    private readonly emit: Emit,
    private readonly maxBytes = MAX_PRODUCT_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let i = 0;
    // A UTF-8 byte order mark (its bytes may come in separate chunks).
    while (this.bom < 3 && i < chunk.length) {
      if (chunk[i] !== BOM[this.bom]) {
        if (this.bom > 0) this.fail(this.base + i, 'the file starts with a broken byte order mark.');
        this.bom = 3;
        break;
      }
      this.bom++;
      i++;
    }
    if (this.format === 'ndjson') this.lines(chunk, i);
    else {
      this.nl = -2;
      this.ascii = isAscii(chunk);
      this.json(chunk, i);
    }
    this.base += chunk.length;
  }

  /** The file ended: throws when it ended inside a product or before its products' end. */
  end(): void {
    const at = this.base;
    if (this.format === 'ndjson') {
      if (this.from >= 0 || this.pieces.length > 0) this.lineDone(Buffer.alloc(0), 0, 0);
      return;
    }
    if (this.from >= 0 || this.pieces.length > 0) {
      this.fail(at, this.kind === 'item' ? 'the file ends inside this product (truncated).' : 'the file ends inside the top-level object (truncated).', this.kind === 'item' ? this.count : undefined);
    }
    if (this.state === S.Start) this.fail(at, 'the file is empty: expected {"products":[...]} or an array of products.');
    if (this.state === S.Item || this.state === S.AfterItem) this.fail(at, 'the file ends inside the products array (truncated: no closing "]").', this.count);
    if (this.state !== S.Done) this.fail(at, 'the file ends inside the top-level object (truncated: no closing "}").');
    if (!this.sawProducts) this.fail(at, 'the top-level object has no "products" array.');
  }

  private fail(at: number, problem: string, index?: number, line?: number): never {
    throw new ProductsFileError(this.file, at, problem, index, line);
  }

  // NDJSON: one product per line ("\n" or "\r\n"); blank lines are skipped.
  private lines(chunk: Buffer, i: number): void {
    const n = chunk.length;
    while (i < n) {
      if (this.from < 0 && this.pieces.length === 0) this.valueAt = this.base + i;
      const nl = chunk.indexOf(NL, i);
      if (nl < 0) {
        this.keep(chunk, i, n);
        return;
      }
      this.lineDone(chunk, i, nl);
      i = nl + 1;
    }
  }

  private lineDone(chunk: Buffer, from: number, to: number): void {
    const at = this.valueAt;
    let bytes = this.pieces.length > 0 ? Buffer.concat([...this.pieces, chunk.subarray(from, to)]) : chunk.subarray(from, to);
    this.pieces = [];
    this.size = 0;
    this.from = -1;
    const line = this.line++;
    if (bytes.length > this.maxBytes) this.fail(at, `the line is over ${this.maxBytes} bytes.`, undefined, line);
    let s = 0;
    let e = bytes.length;
    while (s < e && isSpace(bytes[s] as number)) s++;
    while (e > s && isSpace(bytes[e - 1] as number)) e--;
    if (s === e) return;
    bytes = bytes.subarray(s, e);
    this.emit(bytes.toString('utf8'), { index: this.count++, line, offset: at + s });
  }

  /** Keeps chunk[from..to) of the value being collected (it goes on in the next chunk). */
  private keep(chunk: Buffer, from: number, to: number): void {
    if (to <= from) return;
    this.size += to - from;
    if (this.size > this.maxBytes) {
      const what = this.format === 'ndjson' ? 'the line is' : this.kind === 'item' ? 'this product is' : 'this top-level member is';
      this.fail(this.valueAt, `${what} over ${this.maxBytes} bytes.`, this.kind === 'item' ? this.count : undefined, this.format === 'ndjson' ? this.line : undefined);
    }
    // A copy: the stream may reuse the chunk's memory.
    this.pieces.push(Buffer.from(chunk.subarray(from, to)));
  }

  /** The collected value ending before chunk[to]. */
  private take(chunk: Buffer, to: number): string {
    const from = this.from < 0 ? 0 : this.from;
    this.from = -1;
    if (this.pieces.length === 0) return chunk.toString('utf8', from, to);
    this.pieces.push(chunk.subarray(from, to));
    const text = Buffer.concat(this.pieces).toString('utf8');
    this.pieces = [];
    this.size = 0;
    return text;
  }

  private startValue(i: number, kind: 'item' | 'key' | 'member', c: number): void {
    this.kind = kind;
    this.from = i;
    this.valueAt = this.base + i;
    this.depth = c === OPEN_OBJ || c === OPEN_ARR ? 1 : 0;
    this.inString = c === QUOTE;
    this.escaped = false;
  }

  private unexpected(i: number, c: number, expected: string): never {
    const shown = c === undefined ? 'nothing' : JSON.stringify(String.fromCharCode(c));
    const index = this.state === S.Item || this.state === S.AfterItem ? this.count : undefined;
    this.fail(this.base + i, `expected ${expected}, found ${shown}.`, index);
  }

  private json(chunk: Buffer, i: number): void {
    const n = chunk.length;
    while (i < n) {
      if (this.from >= 0 || this.pieces.length > 0) {
        // Inside a value: find its end.
        if (this.from < 0) this.from = i;
        const end = this.scanFrom(chunk, i);
        if (end < 0) {
          this.keep(chunk, this.from, n);
          this.from = -1;
          return;
        }
        i = end;
        this.valueDone(chunk, end);
        continue;
      }
      const c = chunk[i] as number;
      if (isSpace(c)) {
        i++;
        continue;
      }
      switch (this.state) {
        case S.Start:
          if (c === OPEN_ARR) {
            this.state = S.Item;
            this.sawProducts = true;
          } else if (c === OPEN_OBJ) this.state = S.Key;
          else this.unexpected(i, c, '{"products":[...]} or an array of products (an NDJSON file needs the .ndjson extension or format "ndjson")');
          i++;
          break;
        case S.Key:
          if (c === QUOTE) {
            this.startValue(i, 'key', c);
            i++;
          } else if (c === CLOSE_OBJ && this.members.size === 0 && !this.sawProducts) {
            this.state = S.Done;
            i++;
          } else this.unexpected(i, c, 'a member name in quotes');
          break;
        case S.Colon:
          if (c !== COLON) this.unexpected(i, c, '":"');
          this.state = S.MemberValue;
          i++;
          break;
        case S.MemberValue:
          if (this.key === 'products') {
            if (c !== OPEN_ARR) this.unexpected(i, c, 'an array as the value of "products"');
            if (this.sawProducts) this.fail(this.base + i, 'the top-level object has "products" twice.');
            this.sawProducts = true;
            this.state = S.Item;
            i++;
          } else this.startValue(i, 'member', c);
          if (this.from >= 0) i++;
          break;
        case S.AfterMember:
          if (c === COMMA) this.state = S.Key;
          else if (c === CLOSE_OBJ) this.state = S.Done;
          else this.unexpected(i, c, '"," or "}" after a top-level member');
          i++;
          break;
        case S.Item:
          if (c === CLOSE_ARR && this.count === 0) this.arrayDone();
          else if (c === COMMA || c === CLOSE_ARR || c === COLON || c === CLOSE_OBJ) this.unexpected(i, c, 'a product');
          else {
            this.startValue(i, 'item', c);
            const end = c === OPEN_OBJ ? this.guess(chunk, i) : -1;
            i = end < 0 ? i + 1 : end;
            continue;
          }
          i++;
          break;
        case S.AfterItem:
          if (c === COMMA) this.state = S.Item;
          else if (c === CLOSE_ARR) this.arrayDone();
          else this.unexpected(i, c, '"," or "]" after a product');
          i++;
          break;
        case S.Done:
          this.unexpected(i, c, c === OPEN_OBJ ? 'the end of the file after the top-level value (an NDJSON file needs the .ndjson extension or format "ndjson")' : 'the end of the file after the top-level value');
      }
    }
    // A value that began in this chunk's last bytes goes on in the next one.
    if (this.from >= 0) {
      this.keep(chunk, this.from, n);
      this.from = -1;
    }
  }

  /**
   * A product (an object from chunk[from]) that ends where its line does, as an export writes
   * them: the text up to the line's end, less white space and one comma, read with JSON.parse.
   * When it ends in "}" and parses, the object's closing brace is its last byte (JSON allows only
   * white space after a value), which is where the byte loop would have ended it: the product is
   * handed over with its value, and the index just past it is returned. Otherwise -1 (the byte
   * loop finds its end, and a wrong product is refused from its own text as before). Guesses stop
   * once they are mostly wrong (several products to a line), so a file never pays much for them.
   */
  private guess(chunk: Buffer, from: number): number {
    if (this.misses * 8 > this.hits + 8) return -1;
    if (this.nl !== -1 && this.nl < from) this.nl = chunk.indexOf(NL, from);
    let e = this.nl;
    if (e < 0) return -1;
    while (e > from && isSpace(chunk[e - 1] as number)) e--;
    if (chunk[e - 1] === COMMA) e--;
    while (e > from && isSpace(chunk[e - 1] as number)) e--;
    if (e - from < 2 || chunk[e - 1] !== CLOSE_OBJ) return -1;
    const text = chunk.toString(this.ascii ? 'latin1' : 'utf8', from, e);
    let value: object;
    try {
      value = JSON.parse(text) as object;
    } catch {
      this.misses++;
      return -1;
    }
    this.hits++;
    this.from = -1;
    this.depth = 0;
    this.state = S.AfterItem;
    this.emit(text, { index: this.count++, line: 0, offset: this.valueAt }, value);
    return e;
  }

  /** A bare array is the whole file; after an object's products, other members may follow. */
  private arrayDone(): void {
    this.state = this.key === 'products' ? S.AfterMember : S.Done;
  }

  private valueDone(chunk: Buffer, end: number): void {
    const text = this.take(chunk, end);
    if (this.kind === 'item') {
      this.emit(text, { index: this.count++, line: 0, offset: this.valueAt });
      this.state = S.AfterItem;
    } else if (this.kind === 'key') {
      let key: unknown;
      try {
        key = JSON.parse(text);
      } catch {
        this.fail(this.valueAt, 'a member name is not a valid JSON string.');
      }
      this.key = key as string;
      if (this.key !== 'products' && this.members.has(this.key)) this.fail(this.valueAt, `the top-level object has "${this.key}" twice.`);
      this.state = S.Colon;
    } else {
      this.members.set(this.key, { text, offset: this.valueAt });
      this.state = S.AfterMember;
    }
  }

  /**
   * `scan` from chunk[i] over the chunk's latin1 text a window at a time (as if each window were
   * a chunk): a product that ends a few bytes into a chunk costs a copy of those, not of the chunk.
   */
  private scanFrom(chunk: Buffer, i: number): number {
    const n = chunk.length;
    for (let lo = i; ; ) {
      const hi = Math.min(n, lo + SCAN_WINDOW);
      const end = this.scan(chunk, chunk.toString('latin1', lo, hi), 0);
      if (end >= 0) return lo + end;
      if (hi === n) return -1;
      lo = hi;
    }
  }

  /**
   * Scans the value being collected from text[i] (bytes of the chunk as latin1 characters, so a
   * character's index is its byte's): the index just past its last byte, or -1 when it goes on
   * past the text. Strings are skipped with indexOf (a quote preceded by an odd run of
   * backslashes is escaped). A bare number, true, false or null ends before the first byte that
   * cannot be part of it.
   */
  private scan(chunk: Buffer, text: string, i: number): number {
    const n = text.length;
    let depth = this.depth;
    let inString = this.inString;
    // The last chunk ended in a backslash in a string: this chunk's first byte is escaped.
    if (this.escaped) {
      this.escaped = false;
      i++;
    }
    const bare = depth === 0 && !inString && this.kind !== 'key' && !this.startsString(chunk);
    while (i < n) {
      if (inString) {
        const q = text.indexOf('"', i);
        const stop = q < 0 ? n : q;
        let run = 0;
        for (let j = stop - 1; j >= i && text.charCodeAt(j) === BACKSLASH; j--) run++;
        if (q < 0) {
          this.escaped = (run & 1) === 1;
          break;
        }
        i = q + 1;
        if ((run & 1) === 1) continue;
        inString = false;
        if (depth === 0) {
          this.inString = false;
          return i;
        }
        continue;
      }
      const c = text.charCodeAt(i);
      if (bare) {
        if (isSpace(c) || c === COMMA || c === CLOSE_ARR || c === CLOSE_OBJ) {
          this.depth = 0;
          return i;
        }
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_OBJ || c === OPEN_ARR) depth++;
      else if ((c === CLOSE_OBJ || c === CLOSE_ARR) && --depth === 0) {
        this.inString = false;
        return i + 1;
      }
      i++;
    }
    this.depth = depth;
    this.inString = inString;
    return -1;
  }

  /** Whether the value being collected is a string (its first byte a quote). */
  private startsString(chunk: Buffer): boolean {
    const first = this.pieces.length > 0 ? (this.pieces[0] as Buffer)[0] : chunk[this.from];
    return first === QUOTE;
  }
}
