// The build thread (build-thread.ts, node-build-thread.ts): a build that inverts its text postings
// on a worker thread, with its large arrays in shared memory, makes the very index a one-thread
// build makes; a thread that fails or stops answering is reported and the build does the work
// itself; small catalogues start no thread and take plain memory.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SharedBudget, sharedBudget, type BuildThread, type ThreadArg, type ThreadTask } from './build-thread';
import { CatalogIndex } from './catalog-index';
import type { Catalog } from './catalog';
import { createEngine } from './create-engine';
import { indexCatalog } from './engine-context';
import { arraysBuffer, packIndex } from './index-snapshot';
import { createBuildThread } from './node-build-thread';
import { generateCatalog } from './synthetic-catalog';
import { SHOP_BENCH_TREE } from '../scripts/bench-tree';

const catalog: Catalog = { ...generateCatalog({ products: 1500, seed: 7, profile: 'shop' }), filterTree: SHOP_BENCH_TREE };
const plain = new CatalogIndex(catalog);
const plainParts = plain.text.parts();

/** The real thread, with each run's outcome recorded (and its task replaced when `task` is given). */
function watched(thread: BuildThread, task?: ThreadTask<readonly ThreadArg[]>): BuildThread & { outcomes: boolean[] } {
  const outcomes: boolean[] = [];
  return {
    outcomes,
    minProducts: thread.minProducts,
    start: () => thread.start(),
    run: (t, args) => {
      const wait = thread.run(task ?? t, args);
      return () => {
        const done = wait();
        outcomes.push(done);
        return done;
      };
    },
  };
}

/** The index's text parts and facet fields as plain values (a shared array and a plain one compare equal). */
const fieldsOf = (index: CatalogIndex) => [...index.builtFields()].map(([source, f]) => [source, f.keys, f.postings.map((p) => [...p])]);

/** Whether the build's large arrays (store, numbers, facet fields) are in shared memory: [true] all, [false] none. */
const sharedOf = (index: CatalogIndex): boolean[] => {
  const s = index.products.parts();
  const fields = [...index.builtFields()].flatMap(([, f]) => [f.offsets, f.vals, ...f.postings, ...f.bitsets.flatMap((b) => (b ? [b] : [])), ...(f.single ? [f.single] : []), ...(f.masks ? [f.masks] : [])]);
  const arrays = [s.data, s.starts, s.ends, s.variants.first, s.variants.price, s.variants.options, ...Object.values(index.numbers), index.ratingFloor, index.available, ...fields];
  return [...new Set(arrays.map((a) => a.buffer instanceof SharedArrayBuffer))];
};

/** A snapshot's layout and arrays of an index: the same values and the same bytes as another's. */
const sameSnapshot = (a: CatalogIndex, b: CatalogIndex): void => {
  const pa = packIndex(a);
  const pb = packIndex(b);
  expect(pa.layout).toEqual(pb.layout);
  expect(Buffer.from(arraysBuffer(pa.arrays)).equals(Buffer.from(arraysBuffer(pb.arrays)))).toBe(true);
};

describe('build thread', () => {
  const errors: Error[] = [];
  const real = createBuildThread({ minProducts: 0, stallMs: 300, onError: (e) => errors.push(e) });
  afterAll(() => real.close());
  // Each test's builds start as if every earlier build's shared memory had been freed (see SharedBudget).
  beforeEach(() => sharedBudget.freed(sharedBudget.held));

  it('inverts the text postings on the thread into the same index a one-thread build makes', () => {
    const thread = watched(real);
    const index = new CatalogIndex(catalog, { thread });
    expect(thread.outcomes).toEqual([true]);
    // The postings are the thread's: in shared memory, as are the store's, numbers' and facet fields' arrays.
    expect(index.text.textDocs.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(sharedOf(index)).toEqual([true]);
    expect(sharedOf(plain)).toEqual([false]);
    expect(index.text.parts()).toEqual(plainParts);
    expect(fieldsOf(index)).toEqual(fieldsOf(plain));
    // A snapshot of it is byte for byte a one-thread build's.
    sameSnapshot(index, plain);
    expect(errors).toEqual([]);
  });

  it("makes the engine's index (store, numbers, the tree's facet fields, text, warmed histograms) in shared memory, byte for byte a one-thread build's", () => {
    const thread = watched(real);
    const one = indexCatalog(catalog, SHOP_BENCH_TREE, {}).index;
    const two = indexCatalog(catalog, SHOP_BENCH_TREE, { buildThread: thread }).index;
    expect(thread.outcomes).toEqual([true]);
    expect(sharedOf(two)).toEqual([true]);
    expect(sharedOf(one)).toEqual([false]);
    expect(packIndex(two).layout.histograms.length).toBeGreaterThan(10);
    sameSnapshot(two, one);
    expect(errors).toEqual([]);
  });

  it('[F7.1] answers searches and facet counts exactly as a one-thread engine, before and after a live update', () => {
    const a = createEngine(catalog);
    const b = createEngine(catalog, { buildThread: real });
    const same = () => {
      for (const q of ['shirt', 'blue cotton', 'acme', 'sho', 'S-1000', 'renamed']) {
        const params = { q, build_filter_tree: 'true', limit: '48' };
        expect(b.search(params)).toEqual(a.search(params));
        expect(b.suggest({ q })).toEqual(a.suggest({ q }));
      }
    };
    same();
    const p = catalog.products[5] as Catalog['products'][number];
    for (const e of [a, b]) e.applyProductUpdates([{ op: 'upsert', product: { ...p, title: `${p.title} renamed`, tags: [...p.tags, 'renamed'] } }]);
    same();
    expect(b.search({ q: 'renamed' }).total_product).toBeGreaterThan(0);
  });

  it('takes shared memory within its budget: a third build while two builds\' memory is unfreed takes plain memory, the same index', () => {
    const [a, b, c] = [0, 1, 2].map(() => new CatalogIndex(catalog, { thread: watched(real) }));
    expect([a, b, c].map((x) => sharedOf(x as CatalogIndex))).toEqual([[true], [true], [false]]);
    sameSnapshot(c as CatalogIndex, plain);
  });

  it('SharedBudget: shared memory while what earlier builds took and did not free is at most one build\'s (per slot), then plain until freed', () => {
    const budget = new SharedBudget(null);
    const take = (slots: number, bytes: number): boolean => {
      const memory = budget.memory(slots);
      if (memory) for (let i = 0; i < 4; i++) expect(memory(bytes / 4)).toBeInstanceOf(SharedArrayBuffer);
      return memory !== null;
    };
    expect(take(100, 4000)).toBe(true);
    expect(budget.held).toBe(4000);
    expect(take(100, 4000)).toBe(true);
    expect(take(100, 4000)).toBe(false);
    expect(budget.held).toBe(8000);
    // A build ten times the size is allowed ten times the memory.
    expect(take(1000, 40000)).toBe(true);
    expect(take(100, 400)).toBe(false);
    budget.freed(48000);
    expect(take(100, 400)).toBe(true);
  });

  it('reports a task that throws on the thread and builds the index on its own thread', () => {
    errors.length = 0;
    const thread = watched(real, () => {
      throw new Error('broken on purpose');
    });
    const index = new CatalogIndex(catalog, { thread });
    expect(thread.outcomes).toEqual([false]);
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('the task failed: Error: broken on purpose')]);
    expect(index.text.textDocs.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(index.text.parts()).toEqual(plainParts);
    // The rest of the build stays in the shared memory it took before the thread failed, and the whole index is a one-thread build's.
    expect(sharedOf(index)).toEqual([true]);
    sameSnapshot(index, plain);
  });

  it('gives up a thread that stops answering (no hung build), ends it and starts a new one for the next build', () => {
    errors.length = 0;
    const stuck = watched(real, (tick) => {
      tick();
      for (;;) Math.sqrt(2);
    });
    const index = new CatalogIndex(catalog, { thread: stuck });
    expect(stuck.outcomes).toEqual([false]);
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('no sign of life for 300 ms (the task stopped ticking)')]);
    expect(index.text.parts()).toEqual(plainParts);
    sameSnapshot(index, plain);
    const next = watched(real);
    expect(new CatalogIndex(catalog, { thread: next }).text.parts()).toEqual(plainParts);
    expect(next.outcomes).toEqual([true]);
  });

  it('starts again after close()', async () => {
    await real.close();
    const thread = watched(real);
    expect(new CatalogIndex(catalog, { thread }).text.parts()).toEqual(plainParts);
    expect(thread.outcomes).toEqual([true]);
  });

  it('builds catalogues below minProducts without the thread (its start would cost more than it saves)', () => {
    let started = 0;
    const thread: BuildThread = {
      minProducts: catalog.products.length + 1,
      start: () => void started++,
      run: () => () => {
        throw new Error('not to be used');
      },
    };
    const index = new CatalogIndex(catalog, { thread });
    expect(index.text.parts()).toEqual(plainParts);
    expect(started).toBe(0);
    // Plain memory, as without a thread.
    expect(sharedOf(index)).toEqual([false]);
  });
});
