import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from './engine-store';
import { groupCommit } from './group-commit';

const ev = (id: string) => ({ id }) as AnalyticsEvent;

describe('groupCommit', () => {
  it('writes the requests of one turn in one commit and answers each with its own counts', async () => {
    const commits: string[][] = [];
    const kept = new Set(['old']);
    const add = groupCommit((events) => {
      commits.push(events.map((e) => e.id));
      const inserted = new Set<string>();
      for (const e of events) {
        if (kept.has(e.id)) continue;
        kept.add(e.id);
        inserted.add(e.id);
      }
      return inserted;
    });
    const answers = await Promise.all([add([ev('a'), ev('b')]), add([ev('b'), ev('old')]), add([ev('c')])]);
    expect(commits).toEqual([['a', 'b', 'b', 'old', 'c']]);
    expect(answers).toEqual([{ accepted: 2, duplicates: 0 }, { accepted: 0, duplicates: 2 }, { accepted: 1, duplicates: 0 }]);
    expect(await add([ev('d')])).toEqual({ accepted: 1, duplicates: 0 });
    expect(commits).toHaveLength(2);
  });
  it('answers no request before its commit, and fails every request of a failed commit', async () => {
    let release: (ids: Set<string>) => void = () => {};
    let settled = false;
    const add = groupCommit(() => new Promise<Set<string>>((r) => (release = r)));
    const first = add([ev('a')]).then((x) => ((settled = true), x));
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    release(new Set(['a']));
    expect(await first).toEqual({ accepted: 1, duplicates: 0 });
    const failing = groupCommit(() => Promise.reject(new Error('disk full')));
    await expect(Promise.all([failing([ev('x')]), failing([ev('y')])])).rejects.toThrow('disk full');
  });
  it('keeps one commit in flight: requests that arrive during it wait and go into the next commit together', async () => {
    const commits: string[][] = [];
    const releases: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const add = groupCommit(
      (events) =>
        new Promise<Set<string>>((r) => {
          inFlight++;
          most = Math.max(most, inFlight);
          commits.push(events.map((e) => e.id));
          releases.push(() => {
            inFlight--;
            r(new Set(events.map((e) => e.id)));
          });
        }),
    );
    const a = add([ev('a')]);
    await new Promise((r) => setImmediate(r));
    expect(commits).toEqual([['a']]);
    // Three requests arrive while the first commit is still on disk.
    const later = [add([ev('b')]), add([ev('c')]), add([ev('d')])];
    await new Promise((r) => setImmediate(r));
    expect(commits).toEqual([['a']]);
    releases[0]!();
    expect(await a).toEqual({ accepted: 1, duplicates: 0 });
    await new Promise((r) => setImmediate(r));
    expect(commits).toEqual([['a'], ['b', 'c', 'd']]);
    releases[1]!();
    expect(await Promise.all(later)).toEqual([1, 1, 1].map((accepted) => ({ accepted, duplicates: 0 })));
    expect(most).toBe(1);
  });
});
