// A catalogue snapshot: the catalogue and the index a build made of it, in one binary file, so
// that a replica starts without reading the shop's export or building the index again (the
// layout is in index-snapshot.ts). Written to a temporary file and renamed into place, so a
// replica never reads half a snapshot.
//
// File: "PKGSNAP\0", u32 format version, u32 header bytes, the header (JSON: the catalogue
// without products, the index layout, the arrays section's size and checksum), padding to 8
// bytes, the arrays section (the index and the product store's records, index-snapshot.ts), and
// "PKGSNAPE" with nothing after it. Reading parses no product: the arrays are views of one buffer.
import { closeSync, fstatSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import type { Catalog, CatalogProduct } from './catalog';
import type { IndexOptions } from './catalog-index';
import { indexCatalog } from './engine-context';
import { arraysBuffer, attachIndex, catalogRest, packIndex, storeParts, type IndexLayout } from './index-snapshot';
import { ProductStore } from './product-store';

const MAGIC = 'PKGSNAP\0';
const END = 'PKGSNAPE';
/** The format version: a file of another version is refused with a clear error. */
export const SNAPSHOT_VERSION = 3;

interface Header {
  catalog: Omit<Catalog, 'products'>;
  index: IndexLayout;
  arraysBytes: number;
  /** checksum(arrays section), to refuse a damaged file rather than answer from it. */
  checksum: number;
}

const pad8 = (n: number) => Math.ceil(n / 8) * 8;

/** A 32-bit checksum of bytes whose length is a multiple of 4 (FNV-style over words). */
function checksum(bytes: Uint8Array): number {
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ (words[i] as number), 0x01000193);
  return h >>> 0;
}

/**
 * Builds the index of `catalog` (with the analyser and relevance weights the engines will use:
 * an engine with others rebuilds) and writes both to `file`, atomically. Returns the bytes written.
 */
export function writeCatalogSnapshot(file: string, catalog: Catalog, options: IndexOptions = {}): number {
  const { index } = indexCatalog(catalog, catalog.filterTree ?? [], options);
  for (const key of ['price-ascending', 'best-selling']) index.order(key);
  const { layout, arrays } = packIndex(index);
  const section = arraysBuffer(arrays);
  const header: Header = { catalog: catalogRest(catalog), index: layout, arraysBytes: arrays.bytes, checksum: checksum(section) };
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(pad8(16 + json.length));
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(SNAPSHOT_VERSION, 8);
  head.writeUInt32LE(json.length, 12);
  json.copy(head, 16);
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  let bytes = 0;
  try {
    for (const part of [head, section, Buffer.from(END, 'latin1')]) bytes += writeSync(fd, part);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  return bytes;
}

/**
 * Reads a snapshot written by writeCatalogSnapshot: the catalogue, carrying its built index and
 * product store for the first engine made from it. Its `products` are decoded from the file's
 * records when first read (an engine made from it never reads them). Throws naming the file when
 * it is not a snapshot, is of another format version, or is cut short or damaged.
 */
export function readCatalogSnapshot(file: string): Catalog {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new Error(`[@pkg/engine] ${file} cannot be read as a catalogue snapshot: ${(err as Error).message}`);
  }
  try {
    const size = fstatSync(fd).size;
    const read = (at: number, length: number, into = Buffer.alloc(length)) => {
      if (at + length > size) throw new Error(`[@pkg/engine] ${file} is cut short (a damaged catalogue snapshot): write it again.`);
      let done = 0;
      while (done < length) done += readSync(fd, into, done, length - done, at + done);
      return into;
    };
    const head = read(0, Math.min(16, size));
    if (head.length < 16 || head.toString('latin1', 0, 8) !== MAGIC) {
      throw new Error(`[@pkg/engine] ${file} is not a catalogue snapshot of this engine (format ${SNAPSHOT_VERSION}; write one with writeCatalogSnapshot).`);
    }
    const version = head.readUInt32LE(8);
    if (version !== SNAPSHOT_VERSION) throw new Error(`[@pkg/engine] ${file} is a snapshot of format version ${version}; this engine reads version ${SNAPSHOT_VERSION}: write it again.`);
    let header: Header;
    const jsonBytes = head.readUInt32LE(12);
    try {
      header = JSON.parse(read(16, jsonBytes).toString('utf8')) as Header;
    } catch (err) {
      throw new Error(`[@pkg/engine] ${file} has a damaged header (${(err as Error).message}): write it again.`);
    }
    const arraysAt = pad8(16 + jsonBytes);
    const at = arraysAt + header.arraysBytes;
    if (at + END.length !== size || read(at, END.length).toString('latin1') !== END) {
      throw new Error(`[@pkg/engine] ${file} is cut short or has bytes past its end (a damaged catalogue snapshot): write it again.`);
    }
    // The arrays in a buffer of their own: views of it become the index and the product store.
    const arrays = new ArrayBuffer(header.arraysBytes);
    const section = read(arraysAt, header.arraysBytes, Buffer.from(arrays));
    if (checksum(section) !== header.checksum) throw new Error(`[@pkg/engine] ${file} has damaged arrays (their checksum differs): write it again.`);
    const live = header.index.live;
    const records = ProductStore.restore(storeParts(header.index, arrays));
    let products: CatalogProduct[] | null = null;
    const catalog = Object.defineProperty({ ...header.catalog }, 'products', {
      enumerable: true,
      configurable: true,
      // Decoded from the file's records on first read and kept (the engine's store is its own).
      get: () => (products ??= Array.from({ length: live }, (_, d) => records.get(d))),
      set: (list: CatalogProduct[]) => void (products = list),
    }) as Catalog;
    return attachIndex(catalog, header.index, arrays);
  } finally {
    closeSync(fd);
  }
}
