import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteWriter } from './sqlite-writer';

const driver = createRequire(import.meta.url).resolve('better-sqlite3');
const dir = mkdtempSync(join(tmpdir(), 'sqlite-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function table(name: string) {
  const file = join(dir, `${name}.sqlite`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL)');
  return { file, db };
}

describe('createSqliteWriter', () => {
  it('commits each write in one transaction on its own thread and answers the ids it inserted', async () => {
    const { file, db } = table('ok');
    const writer = createSqliteWriter(file, driver, 'INSERT INTO t (id, n) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
    const first = writer.write([{ id: 'a', values: ['a', 1] }, { id: 'b', values: ['b', 2] }]);
    const second = writer.write([{ id: 'b', values: ['b', 3] }, { id: 'c', values: ['c', 4] }]);
    expect([...(await first)]).toEqual(['a', 'b']);
    expect([...(await second)]).toEqual(['c']);
    // The server thread's own connection reads what the writer committed.
    expect(db.prepare('SELECT id, n FROM t ORDER BY id').all()).toEqual([{ id: 'a', n: 1 }, { id: 'b', n: 2 }, { id: 'c', n: 4 }]);
    await writer.close();
    db.close();
  });

  it('fails a write that SQLite refuses with its message, writes none of it, and keeps working', async () => {
    const { file, db } = table('refused');
    const writer = createSqliteWriter(file, driver, 'INSERT INTO t (id, n) VALUES (?, ?)');
    await expect(writer.write([{ id: 'x', values: ['x', 1] }, { id: 'y', values: ['y', null] }])).rejects.toThrow(/SQLite write failed: NOT NULL constraint failed: t\.n/);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
    expect([...(await writer.write([{ id: 'z', values: ['z', 5] }]))]).toEqual(['z']);
    await writer.close();
    db.close();
  });

  it('closes only after the writes posted before it committed', async () => {
    const { file, db } = table('close');
    const writer = createSqliteWriter(file, driver, 'INSERT INTO t (id, n) VALUES (?, ?)');
    const writes = Array.from({ length: 20 }, (_, i) => writer.write([{ id: `r${i}`, values: [`r${i}`, i] }]));
    await writer.close();
    expect((await Promise.all(writes)).length).toBe(20);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 20 });
    db.close();
  });

  it('fails the writes of a thread that cannot start instead of leaving them waiting', async () => {
    const { file, db } = table('broken');
    const writer = createSqliteWriter(file, join(dir, 'no-such-driver.js'), 'INSERT INTO t (id, n) VALUES (?, ?)');
    await expect(writer.write([{ id: 'a', values: ['a', 1] }])).rejects.toThrow(/no-such-driver|Cannot find module|stopped/);
    await writer.close();
    db.close();
  });
});
