// A catalogue snapshot: the normalised catalogue a build produced (products, collections, pages,
// filter tree, redirects, ...) in one binary file (V8's structured serialisation), so that a
// replica starts without reading and normalising the shop's export again. Written to a temporary
// file and renamed into place, so a replica never reads half a snapshot.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { Catalog } from './catalog';

const MAGIC = 'pkg-engine-catalog-snapshot';
const VERSION = 1;

/** Writes `catalog` to `file` (atomically: a temporary file renamed into place). Returns the bytes written. */
export function writeCatalogSnapshot(file: string, catalog: Catalog): number {
  const bytes = serialize({ magic: MAGIC, version: VERSION, catalog });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  return bytes.length;
}

/** Reads a snapshot written by writeCatalogSnapshot; throws naming the file when it is not one. */
export function readCatalogSnapshot(file: string): Catalog {
  let data: unknown;
  try {
    data = deserialize(readFileSync(file));
  } catch (err) {
    throw new Error(`[@pkg/engine] ${file} cannot be read as a catalogue snapshot: ${(err as Error).message}`);
  }
  const snap = data as { magic?: unknown; version?: unknown; catalog?: Catalog } | null;
  if (!snap || snap.magic !== MAGIC) throw new Error(`[@pkg/engine] ${file} is not a catalogue snapshot (write one with writeCatalogSnapshot).`);
  if (snap.version !== VERSION) throw new Error(`[@pkg/engine] ${file} is a snapshot of version ${String(snap.version)}; this engine reads version ${VERSION}: write it again.`);
  if (!snap.catalog || !Array.isArray(snap.catalog.products)) throw new Error(`[@pkg/engine] ${file} holds no catalogue.`);
  return snap.catalog;
}
