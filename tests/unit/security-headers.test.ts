import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  nginxConfig,
  originsFromEnv,
  securityHeaders,
} from '../../scripts/lib/security-headers';

describe('the security headers of a deployment', () => {
  it('the CSP of this build: own scripts only, inline styles for Emotion, no framing', () => {
    const csp = contentSecurityPolicy(originsFromEnv({}));
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data: https://www.gravatar.com");
  });

  it('third parties configured at build time add exactly their origins', () => {
    const csp = contentSecurityPolicy(
      originsFromEnv({
        VITE_SUPPORT_CHAT_URL: 'https://chat.example.net/l.js',
        VITE_SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
      }),
    );
    expect(csp).toContain("script-src 'self' https://chat.example.net;");
    expect(csp).toContain(
      "connect-src 'self' https://chat.example.net https://o1.ingest.sentry.io;",
    );
  });

  it('the nginx configuration sends every header (docs/security.md carries it: tests/unit/docs.test.ts)', () => {
    const block = nginxConfig();
    for (const [name, value] of Object.entries(securityHeaders())) {
      expect(block).toContain(`add_header ${name} "${value}" always;`);
    }
  });
});
