import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LINKING_HIDDEN_PAUSE_MS,
  LINKING_POLL_VARIANT,
  createPoller,
  pauseWhileHidden,
} from '../../src/lib/linking-poll';

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

function events() {
  return { onWaiting: vi.fn(), onDone: vi.fn(), onTimeout: vi.fn(), onError: vi.fn() };
}

/** Let the promise callbacks of an answered try run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('linking poll schedule', () => {
  it('its variant (SPEC §4 "2 tries in a variant"): the same timing, 2 tries, then a timeout', async () => {
    expect(LINKING_POLL_VARIANT).toEqual({ firstDelayMs: 2000, intervalMs: 5000, maxTries: 2 });
    const { check, calls } = scriptedCheck();
    const on = events();
    createPoller(check, on, LINKING_POLL_VARIANT).start();
    await vi.advanceTimersByTimeAsync(2000);
    calls[0]!.answer(null);
    await settle();
    await vi.advanceTimersByTimeAsync(4999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    calls[1]!.answer(null);
    await settle();
    expect(on.onTimeout).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('tries first at 2 s, then 5 s after each answer', async () => {
    const { check, calls } = scriptedCheck();
    const on = events();
    const poller = createPoller(check, on);
    poller.start();
    await vi.advanceTimersByTimeAsync(1999);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    calls[0]!.answer(null);
    await settle();
    expect(on.onWaiting).toHaveBeenLastCalledWith(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    calls[1]!.answer('device-1');
    await settle();
    expect(on.onDone).toHaveBeenCalledWith('device-1');
    expect(poller.state).toBe('done');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('never runs two tries at once: a slow answer delays the next try', async () => {
    const { check, calls } = scriptedCheck();
    const poller = createPoller(check, events());
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    await vi.advanceTimersByTimeAsync(30_000); // the first answer is still out
    expect(check).toHaveBeenCalledTimes(1);
    poller.start(); // a second start while running is ignored
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(1);
    calls[0]!.answer(null);
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('times out after the 60th empty answer, and a restart gets 60 tries again', async () => {
    const { check, calls } = scriptedCheck();
    const on = events();
    const poller = createPoller(check, on);
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    for (let i = 0; i < 60; i++) {
      expect(check).toHaveBeenCalledTimes(i + 1);
      calls[i]!.answer(null);
      await settle();
      if (i < 59) await vi.advanceTimersByTimeAsync(5000);
    }
    expect(on.onTimeout).toHaveBeenCalledTimes(1);
    expect(on.onWaiting).toHaveBeenCalledTimes(59);
    expect(poller.state).toBe('timedOut');
    expect(poller.tries).toBe(60);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(60);

    poller.start();
    expect(poller.tries).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(61);
    calls[60]!.answer('device-2');
    await settle();
    expect(on.onDone).toHaveBeenCalledWith('device-2');
  });

  it('a failed try stops the poll with the error; a restart starts over', async () => {
    const { check, calls } = scriptedCheck();
    const on = events();
    const poller = createPoller(check, on);
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    const failure = new Error('Internal server error.');
    calls[0]!.fail(failure);
    await settle();
    expect(on.onError).toHaveBeenCalledWith(failure);
    expect(poller.state).toBe('failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('stop clears the timer and aborts the try in flight; its late answer is ignored', async () => {
    const { check, calls } = scriptedCheck();
    const on = events();
    const poller = createPoller(check, on);
    poller.start();
    await vi.advanceTimersByTimeAsync(1000);
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(0);

    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    poller.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.answer('too-late');
    await settle();
    expect(on.onDone).not.toHaveBeenCalled();
    expect(on.onError).not.toHaveBeenCalled();
    expect(poller.state).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('pause keeps the tries made; resume tries again after 2 s', async () => {
    const { check, calls } = scriptedCheck();
    const on = events();
    const poller = createPoller(check, on, { firstDelayMs: 2000, intervalMs: 5000, maxTries: 3 });
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    calls[0]!.answer(null);
    await settle();
    poller.pause();
    expect(poller.state).toBe('paused');
    poller.start(); // not a second poll
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    poller.resume();
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(2);
    calls[1]!.answer(null);
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    calls[2]!.answer(null);
    await settle();
    expect(poller.tries).toBe(3);
    expect(on.onTimeout).toHaveBeenCalledTimes(1);
  });
});

describe('pauseWhileHidden', () => {
  function fakeDocument() {
    const target = new EventTarget() as EventTarget & { hidden: boolean };
    target.hidden = false;
    const set = (hidden: boolean) => {
      target.hidden = hidden;
      target.dispatchEvent(new Event('visibilitychange'));
    };
    return { target, set };
  }

  it('pauses only after the page was hidden for long, and resumes when visible', async () => {
    const poller = { pause: vi.fn(), resume: vi.fn() };
    const doc = fakeDocument();
    const cleanup = pauseWhileHidden(poller, doc.target);
    doc.set(true);
    await vi.advanceTimersByTimeAsync(LINKING_HIDDEN_PAUSE_MS - 1);
    doc.set(false); // back in time: no pause
    expect(poller.pause).not.toHaveBeenCalled();
    doc.set(true);
    await vi.advanceTimersByTimeAsync(LINKING_HIDDEN_PAUSE_MS);
    expect(poller.pause).toHaveBeenCalledTimes(1);
    doc.set(false);
    expect(poller.resume).toHaveBeenCalled();
    cleanup();
    doc.set(true);
    await vi.advanceTimersByTimeAsync(LINKING_HIDDEN_PAUSE_MS * 2);
    expect(poller.pause).toHaveBeenCalledTimes(1);
  });
});
