/**
 * The device-linking poll (SPEC §4 "Device linking", §9): a first try 2 s after the start, then
 * one every 5 s, at most 60 tries. The schedule and the rules that end a poll; the poll itself is
 * a TanStack query (src/ui/use-scheduled-poll.ts).
 */
export interface PollSchedule {
  firstDelayMs: number;
  intervalMs: number;
  maxTries: number;
}

export const LINKING_POLL_SCHEDULE: Readonly<PollSchedule> = Object.freeze({
  firstDelayMs: 2_000,
  intervalMs: 5_000,
  maxTries: 60,
});

/**
 * SPEC §4 "up to 60 tries (2 tries in a variant)": the same timing with 2 tries. It is the check
 * behind onboarding's "Continue" on the linking step when the wizard has not seen a device yet:
 * a device the desktop app has just linked may take the server a moment to show, so the console
 * asks at 2 s and again at 7 s before it says "Please link at least one device…". Everywhere a
 * person waits for a device to link (the wizard's Verify step, in the dialog and in onboarding)
 * the full 60 tries apply.
 */
export const LINKING_POLL_VARIANT: Readonly<PollSchedule> = Object.freeze({
  firstDelayMs: 2_000,
  intervalMs: 5_000,
  maxTries: 2,
});

/** A tab hidden this long pauses the poll until it is visible again. */
export const LINKING_HIDDEN_PAUSE_MS = 60_000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Where a poll stands after the tries made so far. */
export type PollProgress<T> =
  | { kind: 'waiting'; tries: number }
  | { kind: 'done'; value: T }
  | { kind: 'timedOut' }
  | { kind: 'failed'; error: unknown };

/**
 * The poll's state from its tries: a value ends it, so does a failed try, so does the last empty
 * answer of the schedule. `value` is the latest answer (null: "not yet").
 */
export function pollProgress<T>(
  schedule: PollSchedule,
  tries: number,
  value: T | null | undefined,
  error: unknown,
): PollProgress<T> {
  if (value !== null && value !== undefined) return { kind: 'done', value };
  if (error !== null && error !== undefined) return { kind: 'failed', error };
  if (tries >= schedule.maxTries) return { kind: 'timedOut' };
  return { kind: 'waiting', tries };
}

/** What the pause acts on. */
export interface Pausable {
  pause(): void;
  resume(): void;
}

/** The bit of `document` the pause needs (an EventTarget with `hidden`). */
export interface VisibilitySource extends EventTarget {
  readonly hidden: boolean;
}

/**
 * Pauses the poll when the page has been hidden for `afterMs` and resumes it when the page is
 * visible again. Returns the cleanup.
 */
export function pauseWhileHidden(
  poller: Pausable,
  source: VisibilitySource,
  afterMs: number = LINKING_HIDDEN_PAUSE_MS,
  timers: Timers = globalTimers,
): () => void {
  let timer: unknown = null;
  const cancel = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  const onChange = () => {
    cancel();
    if (source.hidden) {
      timer = timers.setTimeout(() => {
        timer = null;
        poller.pause();
      }, afterMs);
    } else {
      poller.resume();
    }
  };
  source.addEventListener('visibilitychange', onChange);
  if (source.hidden) onChange();
  return () => {
    cancel();
    source.removeEventListener('visibilitychange', onChange);
  };
}
