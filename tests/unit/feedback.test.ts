import { describe, expect, it } from 'vitest';
import { isFeedbackAvailable } from '../../src/telemetry/feedback';
import { initSentry } from '../../src/telemetry/sentry';

describe('bug-report feedback', () => {
  it('is not offered when error reporting is not configured (no DSN: Sentry never starts)', async () => {
    expect(await initSentry(undefined, undefined)).toBe(false);
    expect(await initSentry('', '/tunnel')).toBe(false);
    // The shell's "Report a bug" entry renders only while this is true.
    expect(isFeedbackAvailable()).toBe(false);
  });
});
