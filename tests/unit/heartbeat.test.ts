import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHeartbeat } from '../../src/telemetry/heartbeat';
import { createThirdParties } from '../../src/telemetry/third-parties';
import { VISIT_HEARTBEAT_INTERVAL_MS, VISIT_HEARTBEAT_MAX_TICKS } from '../../src/lib/constants';

const identity = { id: 'u1', email: 'alice@northwind.example', signature: 'sig' };
const regular = { token: 'tok', adminToken: null };
const impersonating = { token: 'bob', adminToken: 'dana' };
const signedOut = { token: null, adminToken: null };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('visit heartbeat (SPEC §9)', () => {
  it('ticks at most 60 times, then stops by itself', () => {
    const tick = vi.fn();
    const heartbeat = createHeartbeat(tick);
    heartbeat.start();
    heartbeat.start(); // a second start adds no second timer
    vi.advanceTimersByTime(VISIT_HEARTBEAT_INTERVAL_MS * 59);
    expect(tick).toHaveBeenCalledTimes(59);
    vi.advanceTimersByTime(VISIT_HEARTBEAT_INTERVAL_MS * 10);
    expect(tick).toHaveBeenCalledTimes(VISIT_HEARTBEAT_MAX_TICKS);
    expect(VISIT_HEARTBEAT_MAX_TICKS).toBe(60);
    expect(heartbeat.running).toBe(false);
    heartbeat.start(); // the visit's budget is spent
    vi.advanceTimersByTime(VISIT_HEARTBEAT_INTERVAL_MS * 10);
    expect(tick).toHaveBeenCalledTimes(60);
  });

  it('a throwing analytics script does not stop the count or the console', () => {
    const tick = vi.fn(() => {
      throw new Error('analytics broke');
    });
    const heartbeat = createHeartbeat(tick, { intervalMs: 10, maxTicks: 3 });
    heartbeat.start();
    vi.advanceTimersByTime(100);
    expect(tick).toHaveBeenCalledTimes(3);
  });

  function setup() {
    const driver = {
      load: vi.fn(async () => {}),
      identifyChat: vi.fn(),
      identifyAnalytics: vi.fn(),
      resetChat: vi.fn(),
      resetAnalytics: vi.fn(),
    };
    const tick = vi.fn();
    const heartbeat = createHeartbeat(tick, { intervalMs: 1000 });
    const thirdParties = createThirdParties(
      driver,
      { analytics: 'https://a.example/a.js' },
      heartbeat,
    );
    return { thirdParties, heartbeat, tick };
  }

  it('runs only for a regular user: a token and no admin token', async () => {
    const { thirdParties, heartbeat, tick } = setup();
    await thirdParties.sync(impersonating, identity);
    vi.advanceTimersByTime(5000);
    expect(tick).not.toHaveBeenCalled();
    await thirdParties.sync(signedOut, null);
    expect(heartbeat.running).toBe(false);
    await thirdParties.sync(regular, identity);
    vi.advanceTimersByTime(5000);
    expect(tick).toHaveBeenCalledTimes(5);
  });

  it('stops on logout and while impersonating; the next visit counts from zero', async () => {
    const { thirdParties, heartbeat, tick } = setup();
    await thirdParties.sync(regular, identity);
    vi.advanceTimersByTime(3000);
    await thirdParties.sync(signedOut, null);
    expect([heartbeat.running, heartbeat.ticks]).toEqual([false, 0]);
    vi.advanceTimersByTime(10_000);
    expect(tick).toHaveBeenCalledTimes(3);
    await thirdParties.sync(regular, identity);
    await thirdParties.sync(impersonating, identity);
    vi.advanceTimersByTime(10_000);
    expect(tick).toHaveBeenCalledTimes(3);
    await thirdParties.sync(regular, identity);
    vi.advanceTimersByTime(60_000);
    expect(heartbeat.ticks).toBe(60);
    expect(tick).toHaveBeenCalledTimes(63);
  });
});
