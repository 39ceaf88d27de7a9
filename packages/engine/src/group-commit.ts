// Group commit for the durable stores: the analytics events of every request that arrives in the
// same turn of the event loop are written in one transaction, so one disk flush acknowledges them
// all. Each request's promise resolves only after that transaction committed (and rejects if it
// failed), with its own accepted / duplicate counts.
import type { AnalyticsEvent } from './engine-store';

interface Waiting {
  events: readonly AnalyticsEvent[];
  resolve: (counts: { accepted: number; duplicates: number }) => void;
  reject: (err: unknown) => void;
}

/**
 * `commit` writes the events (ignoring ids already kept) in one transaction and returns the ids it
 * inserted. Returns the store's `add`.
 */
export function groupCommit(commit: (events: AnalyticsEvent[]) => Set<string> | Promise<Set<string>>, schedule: (f: () => void) => void = setImmediate): (events: readonly AnalyticsEvent[]) => Promise<{ accepted: number; duplicates: number }> {
  let queue: Waiting[] = [];
  const flush = async () => {
    const batch = queue;
    queue = [];
    try {
      const inserted = await commit(batch.flatMap((w) => w.events));
      for (const w of batch) {
        let accepted = 0;
        for (const e of w.events) {
          // The first request that carried an id gets it; a later copy in the batch is a duplicate.
          if (inserted.delete(e.id)) accepted++;
        }
        w.resolve({ accepted, duplicates: w.events.length - accepted });
      }
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  return (events) =>
    new Promise((resolve, reject) => {
      if (events.length === 0) return resolve({ accepted: 0, duplicates: 0 });
      if (queue.length === 0) schedule(() => void flush());
      queue.push({ events, resolve, reject });
    });
}
