import { describe, expect, it, vi } from 'vitest';
import { scrubEvent } from '../../src/telemetry/scrub';
import { createThirdParties, thirdPartiesAllowed } from '../../src/telemetry/third-parties';

const secrets = { tokens: ['tok-123456', 'admin-987654'] };

describe('error-report scrubbing', () => {
  it('drops the user email and any token from an error event', () => {
    const event = {
      type: undefined,
      message: 'failed for alice@northwind.example with tok-123456',
      user: { id: 'u1', email: 'alice@northwind.example', ip_address: '1.2.3.4' },
      request: {
        url: 'https://console.test/?loginToken=tok-123456',
        headers: { Authorization: 'Bearer tok-123456', Accept: 'json' },
      },
      breadcrumbs: [
        { message: 'fetch', data: { url: '/api/v1/user', auth: 'Bearer admin-987654' } },
      ],
    };
    const out = JSON.stringify(scrubEvent(event, secrets));
    expect(out).not.toContain('alice@northwind.example');
    expect(out).not.toContain('tok-123456');
    expect(out).not.toContain('admin-987654');
    expect(out).not.toContain('1.2.3.4');
    expect(out).toContain('"id":"u1"');
    expect(out).toContain('Accept');
  });

  it('scrubs feedback events (contact email in contexts)', () => {
    const feedback = {
      type: 'feedback',
      contexts: {
        feedback: {
          contact_email: 'bob@northwind.example',
          message: 'mail me at bob@northwind.example',
        },
      },
    };
    const out = JSON.stringify(scrubEvent(feedback, secrets));
    expect(out).not.toContain('bob@northwind.example');
    expect(out).toContain('mail me at [email]');
  });
});

describe('support chat and analytics', () => {
  it('run only with a token and no admin token', () => {
    expect(thirdPartiesAllowed({ token: 't', adminToken: null })).toBe(true);
    expect(thirdPartiesAllowed({ token: 't', adminToken: 'a' })).toBe(false);
    expect(thirdPartiesAllowed({ token: null, adminToken: null })).toBe(false);
  });

  function driver() {
    return {
      load: vi.fn(async () => {}),
      identifyChat: vi.fn(),
      identifyAnalytics: vi.fn(),
      resetChat: vi.fn(),
      resetAnalytics: vi.fn(),
    };
  }
  const me = { id: 'u1', email: 'a@b.example', signature: 'sig' };

  it('start, identify once, and reset on logout', async () => {
    const d = driver();
    const tp = createThirdParties(d, {
      chat: 'https://chat.test/x.js',
      analytics: 'https://an.test/y.js',
    });
    await tp.sync({ token: 't', adminToken: null }, me);
    await tp.sync({ token: 't', adminToken: null }, me);
    expect(d.load).toHaveBeenCalledTimes(2);
    expect(d.identifyChat).toHaveBeenCalledWith('a@b.example', 'sig');
    expect(d.identifyAnalytics).toHaveBeenCalledTimes(1);
    await tp.sync({ token: null, adminToken: null }, null);
    expect(d.resetChat).toHaveBeenCalled();
    expect(d.resetAnalytics).toHaveBeenCalled();
    expect(tp.state).toEqual({ running: false, identifiedAs: null });
  });

  it('never start while impersonating', async () => {
    const d = driver();
    const tp = createThirdParties(d, { chat: 'https://chat.test/x.js' });
    await tp.sync({ token: 'user', adminToken: 'support' }, me);
    expect(d.load).not.toHaveBeenCalled();
    expect(d.identifyChat).not.toHaveBeenCalled();
  });

  it('a third party that throws does not break the app', async () => {
    const d = driver();
    d.identifyChat.mockImplementation(() => {
      throw new Error('blocked');
    });
    d.load.mockRejectedValue(new Error('offline'));
    const tp = createThirdParties(d, { chat: 'https://chat.test/x.js' });
    await expect(tp.sync({ token: 't', adminToken: null }, me)).resolves.toBeUndefined();
  });
});

describe('reports made before error reporting has loaded', () => {
  it('wait for Sentry and reach it in order, with their tags; beyond the limit they are dropped', async () => {
    vi.resetModules();
    const report = await import('../../src/telemetry/report');
    report.awaitReporter();
    const early = Object.assign(new Error('first screen failed'), { kind: 'server', status: 500 });
    report.reportError(early, { screen: 'devices' });
    for (let i = 0; i < report.MAX_WAITING_REPORTS + 5; i += 1)
      report.reportError(new Error(`${i}`));
    const sent = vi.fn();
    report.setReporter(sent);
    expect(sent).toHaveBeenCalledTimes(report.MAX_WAITING_REPORTS);
    expect(sent.mock.calls[0]).toEqual([
      early,
      { kind: 'server', status: '500', screen: 'devices' },
    ]);
    report.reportError(new Error('later'));
    expect(sent).toHaveBeenCalledTimes(report.MAX_WAITING_REPORTS + 1);
  });

  it('are dropped when Sentry cannot load, and nothing is held without a DSN', async () => {
    vi.resetModules();
    const report = await import('../../src/telemetry/report');
    report.reportError(new Error('no DSN: not held'));
    report.awaitReporter();
    report.reportError(new Error('held, then dropped'));
    report.setReporter(null);
    const sent = vi.fn();
    report.setReporter(sent);
    expect(sent).not.toHaveBeenCalled();
  });
});
