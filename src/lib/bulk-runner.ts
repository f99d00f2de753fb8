/**
 * Bulk actions: one request per item, at most `concurrency` in flight, in the order given.
 * Pure (no DOM, no client): the caller passes the function that sends one item's request.
 *
 * A job remembers which items are done, so nothing is ever sent twice: a second `run` while one
 * is in flight joins it, an item listed twice is sent once, and `retryFailed` sends only the items
 * whose last request failed.
 */

/** At most this many requests of a bulk action are in flight at the same time. */
export const BULK_CONCURRENCY = 4;

export interface BulkFailure<T> {
  item: T;
  error: unknown;
}

export interface BulkOutcome<T> {
  /** Items done (in this run or an earlier one of the job), in the order they were given. */
  done: T[];
  /** Items whose request failed in the last run, in the order they were given. */
  failed: BulkFailure<T>[];
}

export interface BulkProgress {
  /** Requests finished in this run (done or failed). */
  finished: number;
  /** Requests this run sends. */
  total: number;
}

export interface BulkJob<T> {
  /** Sends every item not yet done; joins the run in flight if there is one. */
  run(): Promise<BulkOutcome<T>>;
  /** Sends again only the items that failed in the last run (the same as `run`). */
  retryFailed(): Promise<BulkOutcome<T>>;
  /** What is known so far. */
  outcome(): BulkOutcome<T>;
}

export function createBulkJob<T>(
  items: readonly T[],
  options: {
    /** The item's identity (a device id): two items with the same key are one. */
    key: (item: T) => string;
    /** `attempt` is 1 for an item's first request, 2 for its first retry, and so on. */
    send: (item: T, attempt: number) => Promise<unknown>;
    concurrency?: number;
    onProgress?: (progress: BulkProgress) => void;
  },
): BulkJob<T> {
  const { key, send, onProgress } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? BULK_CONCURRENCY));
  // The items once each, first occurrence first.
  const unique: T[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const id = key(item);
    if (seen.has(id)) continue;
    seen.add(id);
    unique.push(item);
  }
  const done = new Set<string>();
  const attempts = new Map<string, number>();
  let failures = new Map<string, unknown>();
  let running: Promise<BulkOutcome<T>> | null = null;

  const outcome = (): BulkOutcome<T> => ({
    done: unique.filter((item) => done.has(key(item))),
    failed: unique
      .filter((item) => failures.has(key(item)))
      .map((item) => ({ item, error: failures.get(key(item)) })),
  });

  const start = async (): Promise<BulkOutcome<T>> => {
    const queue = unique.filter((item) => !done.has(key(item)));
    const thisRun = new Map<string, unknown>();
    let next = 0;
    let finished = 0;
    onProgress?.({ finished, total: queue.length });
    const worker = async () => {
      while (next < queue.length) {
        const item = queue[next]!;
        next += 1;
        const attempt = (attempts.get(key(item)) ?? 0) + 1;
        attempts.set(key(item), attempt);
        try {
          await send(item, attempt);
          done.add(key(item));
        } catch (error) {
          thisRun.set(key(item), error);
        }
        finished += 1;
        onProgress?.({ finished, total: queue.length });
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    failures = thisRun;
    return outcome();
  };

  const run = () => {
    if (running) return running;
    const promise = start().finally(() => {
      if (running === promise) running = null;
    });
    running = promise;
    return promise;
  };

  return { run, retryFailed: run, outcome };
}

/**
 * What a screen reader hears of a run's progress: the finished counts at which it is told, a few
 * milestones (a quarter, half, three quarters), never once per item. The start and the end are
 * said by the caller (the confirmation's words, then the outcome).
 */
export function progressMilestones(total: number): number[] {
  if (total < 8) return [];
  return [...new Set([0.25, 0.5, 0.75].map((share) => Math.round(total * share)))];
}
