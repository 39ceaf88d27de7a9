// Group commit for the durable stores: the analytics events of every request that arrives while
// no commit is running are written together in one transaction, so one disk flush acknowledges
// them all. At most one commit is in flight: the requests that arrive during it wait and go into
// the next one, so under load the batches grow instead of the flushes queueing up. Each request's
// promise resolves only after the transaction holding its events committed (and rejects if it
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
  let busy = false;
  let scheduled = false;
  const kick = () => {
    if (busy || scheduled || queue.length === 0) return;
    scheduled = true;
    schedule(() => void flush());
  };
  const flush = async () => {
    scheduled = false;
    busy = true;
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
    } finally {
      busy = false;
      kick();
    }
  };
  return (events) =>
    new Promise((resolve, reject) => {
      if (events.length === 0) return resolve({ accepted: 0, duplicates: 0 });
      queue.push({ events, resolve, reject });
      kick();
    });
}
