// A watched file of live catalogue updates: NDJSON, one webhook payload a line,
// `{"topic":"products/update","product":{...}}` (`products/create`, `products/update`,
// `products/delete` with `{"id":...}`), appended to by whatever receives the platform's webhooks.
// The lines already present are applied at start, then each appended line (complete lines only,
// a batch per change); a file that shrinks was replaced and is read again from its start
// (updates by id give the same products when replayed). A bad line is reported, with its line
// number and field, and changes nothing; the good lines around it apply.
import { closeSync, openSync, readSync, statSync, unwatchFile, watchFile } from 'node:fs';
import type { ProductUpdate, ProductUpdateResult } from './catalog-updates';
import type { Engine } from './engine-types';
import type { ImportOptions } from './import-products-json';
import { ProductSplitter } from './json-elements';
import { parseProductWebhook } from './product-webhook';

export interface WatchProductUpdatesOptions extends ImportOptions {
  /** How often the file is checked for changes, in ms (default 1000). */
  interval?: number;
  /** A line that cannot be applied (default: console.error); the catalogue stays as it was for that line. */
  onError?: (error: Error) => void;
  /** Called after each batch is in force. */
  onApplied?: (result: ProductUpdateResult) => void;
}

export interface ProductUpdatesWatch {
  /** Reads what was appended since the last read and applies it now (the watch does this on change). */
  poll(): ProductUpdateResult | null;
  close(): void;
}

/** Applies the NDJSON update file `file` to `engine` now and whenever it grows. */
export function watchProductUpdates(engine: Pick<Engine, 'applyProductUpdates'>, file: string, options: WatchProductUpdatesOptions = {}): ProductUpdatesWatch {
  const report = options.onError ?? ((e: Error) => console.error(e.message));
  let offset = 0;
  // Complete lines, with their numbers, as the file's bytes arrive (json-elements.ts): a line
  // appended in two writes, or a character split between two reads, is read whole.
  let lines: Array<[string, number]> = [];
  const splitter = () => new ProductSplitter(file, 'ndjson', (text, at) => lines.push([text, at.line]));
  let split = splitter();
  const poll = (): ProductUpdateResult | null => {
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      return null; // not there yet: it is read once it appears
    }
    if (size < offset) {
      offset = 0;
      split = splitter();
    }
    if (size === offset) return null;
    const buf = Buffer.alloc(size - offset);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buf, 0, buf.length, offset);
    } finally {
      closeSync(fd);
    }
    offset = size;
    lines = [];
    try {
      split.push(buf);
    } catch (err) {
      // (A line over the size bound: reported, and reading goes on after it.)
      report(err as Error);
      split = splitter();
    }
    const updates: ProductUpdate[] = [];
    for (const [text, line] of lines) {
      try {
        let entry: unknown;
        try {
          entry = JSON.parse(text);
        } catch {
          throw new Error('is not JSON.');
        }
        const { topic, product } = (entry ?? {}) as { topic?: unknown; product?: unknown };
        updates.push(parseProductWebhook(typeof topic === 'string' ? topic : String(topic), product, options));
      } catch (err) {
        report(new Error(`[@pkg/engine] ${file}:${line}: ${(err as Error).message.replace(/^\[@pkg\/engine\] /, '')}`));
      }
    }
    if (updates.length === 0) return null;
    const result = engine.applyProductUpdates(updates);
    options.onApplied?.(result);
    return result;
  };
  const onChange = () => {
    try {
      poll();
    } catch (err) {
      report(err as Error);
    }
  };
  onChange();
  watchFile(file, { interval: options.interval ?? 1000, persistent: false }, onChange);
  return { poll, close: () => unwatchFile(file, onChange) };
}
