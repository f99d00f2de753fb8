import { VISIT_HEARTBEAT_INTERVAL_MS, VISIT_HEARTBEAT_MAX_TICKS } from '../lib/constants';

export interface HeartbeatTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

const browserTimers: HeartbeatTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

export type Heartbeat = ReturnType<typeof createHeartbeat>;

/**
 * SPEC §9: the analytics visit-count heartbeat runs at most 60 ticks. One tick per interval
 * while a regular user's visit lasts; `reset` (logout, impersonation) stops it and the next
 * visit counts from zero.
 */
export function createHeartbeat(
  tick: () => void,
  {
    intervalMs = VISIT_HEARTBEAT_INTERVAL_MS,
    maxTicks = VISIT_HEARTBEAT_MAX_TICKS,
    timers = browserTimers,
  }: { intervalMs?: number; maxTicks?: number; timers?: HeartbeatTimers } = {},
) {
  let timer: unknown = null;
  let ticks = 0;
  const stop = () => {
    if (timer !== null) timers.clearInterval(timer);
    timer = null;
  };
  return {
    get ticks() {
      return ticks;
    },
    get running() {
      return timer !== null;
    },
    start() {
      if (timer !== null || ticks >= maxTicks) return;
      timer = timers.setInterval(() => {
        ticks += 1;
        try {
          tick();
        } catch {
          // a broken analytics script must not break the console
        }
        if (ticks >= maxTicks) stop();
      }, intervalMs);
    },
    reset() {
      stop();
      ticks = 0;
    },
  };
}
