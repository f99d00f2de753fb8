import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LINKING_HIDDEN_PAUSE_MS,
  LINKING_POLL_VARIANT,
  pauseWhileHidden,
  pollProgress,
} from '../../src/lib/linking-poll';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollProgress', () => {
  const schedule = LINKING_POLL_VARIANT;
  it('waits while the answers are empty and tries remain', () => {
    expect(pollProgress(schedule, 0, undefined, null)).toEqual({ kind: 'waiting', tries: 0 });
    expect(pollProgress(schedule, 1, null, null)).toEqual({ kind: 'waiting', tries: 1 });
  });
  it('a value ends the poll, even on the last try', () => {
    expect(pollProgress(schedule, 2, 'device-1', null)).toEqual({
      kind: 'done',
      value: 'device-1',
    });
  });
  it('a failed try ends it with the error', () => {
    const error = new Error('Internal server error.');
    expect(pollProgress(schedule, 1, null, error)).toEqual({ kind: 'failed', error });
  });
  it('the last empty answer times it out', () => {
    expect(pollProgress(schedule, 2, null, null)).toEqual({ kind: 'timedOut' });
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
