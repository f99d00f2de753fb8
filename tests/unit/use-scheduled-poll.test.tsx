// @vitest-environment happy-dom
// The device-linking poll as a TanStack query (src/ui/use-scheduled-poll.ts): the SPEC §4
// schedule exactly (a first try at 2 s, then 5 s after each answer, at most 60 tries), under fake
// timers, with answers the test decides.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  LINKING_HIDDEN_PAUSE_MS,
  LINKING_POLL_SCHEDULE,
  LINKING_POLL_VARIANT,
} from '../../src/lib/linking-poll';
import type { PollSchedule } from '../../src/lib/linking-poll';
import { useScheduledPoll } from '../../src/ui/use-scheduled-poll';

/** A check whose answers the test decides: each call waits until answered. */
function scriptedCheck() {
  const calls: {
    signal: AbortSignal;
    answer(value: string | null): void;
    fail(e: unknown): void;
  }[] = [];
  const check = vi.fn(
    (signal: AbortSignal) =>
      new Promise<string | null>((resolve, reject) => {
        calls.push({ signal, answer: resolve, fail: reject });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return { check, calls };
}

function renderPoll(
  check: (signal: AbortSignal) => Promise<string | null>,
  {
    schedule = LINKING_POLL_SCHEDULE,
    running = true,
  }: { schedule?: PollSchedule; running?: boolean } = {},
) {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    (props: { running: boolean }) =>
      useScheduledPoll({ key: ['test'], check, running: props.running, schedule }),
    { wrapper, initialProps: { running } },
  );
}

/** Move the clock and let React and the query settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Answer a try and let its result land. */
const answer = async (call: { answer(value: string | null): void }, value: string | null) => {
  call.answer(value);
  await advance(0);
};

let hidden = false;
function setHidden(next: boolean) {
  hidden = next;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

beforeEach(() => {
  vi.useFakeTimers();
  hidden = false;
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useScheduledPoll', () => {
  it('tries first at 2 s, then 5 s after each answer, and stops at a value', async () => {
    const { check, calls } = scriptedCheck();
    const { result } = renderPoll(check);
    expect(result.current.progress).toBeNull();
    await advance(1999);
    expect(check).toHaveBeenCalledTimes(0);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(1);
    await answer(calls[0]!, null);
    expect(result.current.progress).toEqual({ kind: 'waiting', tries: 1 });
    await advance(4999);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(2);
    await answer(calls[1]!, 'device-1');
    expect(result.current.progress).toEqual({ kind: 'done', value: 'device-1' });
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('the variant (2 tries): asks at 2 s and 7 s, then times out', async () => {
    const { check, calls } = scriptedCheck();
    const { result } = renderPoll(check, { schedule: LINKING_POLL_VARIANT });
    await advance(2000);
    await answer(calls[0]!, null);
    await advance(5000);
    expect(check).toHaveBeenCalledTimes(2);
    await answer(calls[1]!, null);
    expect(result.current.progress).toEqual({ kind: 'timedOut' });
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('never runs two tries at once: a slow answer delays the next try', async () => {
    const { check, calls } = scriptedCheck();
    renderPoll(check);
    await advance(2000);
    await advance(30_000); // the first answer is still out
    expect(check).toHaveBeenCalledTimes(1);
    await answer(calls[0]!, null);
    await advance(4999);
    expect(check).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('times out after the 60th empty answer, and a restart gets 60 tries again', async () => {
    const { check, calls } = scriptedCheck();
    const { result } = renderPoll(check);
    await advance(2000);
    for (let i = 0; i < 60; i++) {
      expect(check).toHaveBeenCalledTimes(i + 1);
      await answer(calls[i]!, null);
      if (i < 59) await advance(5000);
    }
    expect(result.current.progress).toEqual({ kind: 'timedOut' });
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(60);

    act(() => result.current.restart());
    expect(result.current.progress).toBeNull();
    await advance(2000);
    expect(check).toHaveBeenCalledTimes(61);
    await answer(calls[60]!, 'device-2');
    expect(result.current.progress).toEqual({ kind: 'done', value: 'device-2' });
  });

  it('a failed try stops the poll with the error (no retry); a restart starts over', async () => {
    const { check, calls } = scriptedCheck();
    const { result } = renderPoll(check);
    await advance(2000);
    const failure = new Error('Internal server error.');
    calls[0]!.fail(failure);
    await advance(0);
    expect(result.current.progress).toEqual({ kind: 'failed', error: failure });
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    act(() => result.current.restart());
    await advance(2000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('stopping aborts the try in flight; its late answer is ignored', async () => {
    const { check, calls } = scriptedCheck();
    const { result, rerender } = renderPoll(check);
    await advance(1000);
    rerender({ running: false });
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(0);

    rerender({ running: true });
    await advance(2000);
    expect(check).toHaveBeenCalledTimes(1);
    rerender({ running: false });
    await advance(0);
    expect(calls[0]!.signal.aborted).toBe(true);
    await answer(calls[0]!, 'too-late');
    expect(result.current.progress).toBeNull();
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('unmounting aborts the try in flight and asks no more', async () => {
    const { check, calls } = scriptedCheck();
    const { unmount } = renderPoll(check);
    await advance(2000);
    unmount();
    await advance(0);
    expect(calls[0]!.signal.aborted).toBe(true);
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('a tab hidden for long pauses it with the tries kept; visible again, it asks after 2 s', async () => {
    const { check, calls } = scriptedCheck();
    const { result } = renderPoll(check);
    await advance(2000);
    await answer(calls[0]!, null);
    setHidden(true);
    await advance(5000); // hidden for a moment only: the poll goes on
    expect(check).toHaveBeenCalledTimes(2);
    await advance(LINKING_HIDDEN_PAUSE_MS);
    expect(calls[1]!.signal.aborted).toBe(true);
    await advance(60_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(result.current.progress).toEqual({ kind: 'waiting', tries: 1 });
    setHidden(false);
    await advance(1999);
    expect(check).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(check).toHaveBeenCalledTimes(3);
    await answer(calls[2]!, null);
    expect(result.current.progress).toEqual({ kind: 'waiting', tries: 2 });
  });
});
