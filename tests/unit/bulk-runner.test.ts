import { describe, expect, it } from 'vitest';
import { BULK_CONCURRENCY, createBulkJob, progressMilestones } from '../../src/lib/bulk-runner';
import type { BulkProgress } from '../../src/lib/bulk-runner';

interface Item {
  id: string;
}

const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `d${i + 1}` }));

/** A send function whose requests the test finishes by hand, recording what was sent and when. */
function manualSend() {
  const sent: string[] = [];
  const pending = new Map<string, { resolve(): void; reject(error: unknown): void }>();
  let inFlight = 0;
  let maxInFlight = 0;
  const send = (item: Item) =>
    new Promise<void>((resolve, reject) => {
      sent.push(item.id);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      pending.set(item.id, {
        resolve: () => {
          inFlight -= 1;
          resolve();
        },
        reject: (error) => {
          inFlight -= 1;
          reject(error);
        },
      });
    });
  return {
    send,
    sent,
    pending,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createBulkJob', () => {
  it('keeps at most 4 requests in flight and starts them in the order given', async () => {
    const io = manualSend();
    const job = createBulkJob(items(10), { key: (d) => d.id, send: io.send });
    const run = job.run();
    await tick();
    expect(BULK_CONCURRENCY).toBe(4);
    expect(io.sent).toEqual(['d1', 'd2', 'd3', 'd4']);
    // Each finished request lets exactly one more start.
    io.pending.get('d2')!.resolve();
    await tick();
    expect(io.sent).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(io.inFlight).toBe(4);
    for (let i = 0; i < 20 && io.pending.size > 0; i += 1) {
      for (const [id, p] of io.pending) {
        io.pending.delete(id);
        p.resolve();
      }
      await tick();
    }
    const outcome = await run;
    expect(io.maxInFlight).toBe(4);
    expect(io.sent).toEqual(items(10).map((d) => d.id));
    expect(outcome.done.map((d) => d.id)).toEqual(items(10).map((d) => d.id));
    expect(outcome.failed).toEqual([]);
  });

  it('reports progress and lists a partial failure in the order given, then retries only the failed', async () => {
    const sent: string[] = [];
    const failing = new Set(['d2', 'd5']);
    const progress: BulkProgress[] = [];
    const job = createBulkJob(items(6), {
      key: (d) => d.id,
      send: async (d) => {
        sent.push(d.id);
        await tick();
        if (failing.has(d.id)) throw new Error(`refused ${d.id}`);
      },
      onProgress: (p) => progress.push(p),
    });
    const first = await job.run();
    expect(first.done.map((d) => d.id)).toEqual(['d1', 'd3', 'd4', 'd6']);
    expect(first.failed.map((f) => [f.item.id, (f.error as Error).message])).toEqual([
      ['d2', 'refused d2'],
      ['d5', 'refused d5'],
    ]);
    expect(progress[0]).toEqual({ finished: 0, total: 6 });
    expect(progress.at(-1)).toEqual({ finished: 6, total: 6 });

    // The retry sends the two failed ones and nothing else; one of them fails again.
    failing.delete('d2');
    sent.length = 0;
    progress.length = 0;
    const second = await job.retryFailed();
    expect(sent).toEqual(['d2', 'd5']);
    expect(progress.at(-1)).toEqual({ finished: 2, total: 2 });
    expect(second.done.map((d) => d.id)).toEqual(['d1', 'd2', 'd3', 'd4', 'd6']);
    expect(second.failed.map((f) => f.item.id)).toEqual(['d5']);

    failing.clear();
    sent.length = 0;
    const third = await job.retryFailed();
    expect(sent).toEqual(['d5']);
    expect(third.failed).toEqual([]);
    expect(third.done).toHaveLength(6);
    // Everything is done: another run sends nothing.
    sent.length = 0;
    await job.run();
    expect(sent).toEqual([]);
  });

  it('never sends an item twice: repeated items, a second run while one is in flight', async () => {
    const io = manualSend();
    const list = [...items(3), { id: 'd2' }, { id: 'd1' }];
    const job = createBulkJob(list, { key: (d) => d.id, send: io.send });
    const a = job.run();
    const b = job.run();
    expect(b).toBe(a);
    await tick();
    expect(io.sent).toEqual(['d1', 'd2', 'd3']);
    // A retry while the run is in flight joins it too.
    expect(job.retryFailed()).toBe(a);
    for (const p of io.pending.values()) p.resolve();
    const outcome = await a;
    expect(io.sent).toEqual(['d1', 'd2', 'd3']);
    expect(outcome.done.map((d) => d.id)).toEqual(['d1', 'd2', 'd3']);
  });

  it('finishes at once with nothing to send', async () => {
    const progress: BulkProgress[] = [];
    const job = createBulkJob([] as Item[], {
      key: (d) => d.id,
      send: () => Promise.reject(new Error('not expected')),
      onProgress: (p) => progress.push(p),
    });
    await expect(job.run()).resolves.toEqual({ done: [], failed: [] });
    expect(progress).toEqual([{ finished: 0, total: 0 }]);
  });

  it('tells send which attempt it is: 1 first, 2 on the first retry (a caller checks before sending again)', async () => {
    const attempts: string[] = [];
    let fail = true;
    const job = createBulkJob(items(2), {
      key: (d) => d.id,
      send: async (d, attempt) => {
        attempts.push(`${d.id}#${attempt}`);
        if (d.id === 'd2' && fail) throw new Error('timed out');
      },
    });
    await job.run();
    fail = false;
    await job.retryFailed();
    expect(attempts).toEqual(['d1#1', 'd2#1', 'd2#2']);
  });
});

describe('progressMilestones', () => {
  it('a few counts, never one per item; none for a handful', () => {
    expect(progressMilestones(3)).toEqual([]);
    expect(progressMilestones(40)).toEqual([10, 20, 30]);
    expect(progressMilestones(500)).toEqual([125, 250, 375]);
    expect(progressMilestones(9)).toEqual([2, 5, 7]);
  });
});
