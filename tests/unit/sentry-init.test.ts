// Sentry's configuration as the console starts it, with the SDK replaced by a recorder.
import { describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  browserTracingIntegration: vi.fn((options: unknown) => ({ name: 'BrowserTracing', options })),
  getGlobalScope: vi.fn(() => ({ addEventProcessor: vi.fn() })),
  captureException: vi.fn(),
  feedbackIntegration: vi.fn(() => ({ name: 'Feedback' })),
  addIntegration: vi.fn(),
}));
vi.mock('@sentry/react', () => sdk);

const { initSentry } = await import('../../src/telemetry/sentry');

describe('Sentry, when a DSN is configured', () => {
  it('samples every trace (SPEC §9 "Trace sampling rate: 1") through the tunnel', async () => {
    expect(await initSentry('https://key@sentry.invalid/1', '/tunnel')).toBe(true);
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.init.mock.calls[0]![0]).toMatchObject({
      dsn: 'https://key@sentry.invalid/1',
      tunnel: '/tunnel',
      tracesSampleRate: 1,
    });
    // Bug-report feedback comes with it.
    expect(sdk.feedbackIntegration).toHaveBeenCalledTimes(1);
  });

  it('without a DSN it is not even loaded', async () => {
    sdk.init.mockClear();
    expect(await initSentry(undefined, '/tunnel')).toBe(false);
    expect(sdk.init).not.toHaveBeenCalled();
  });
});
