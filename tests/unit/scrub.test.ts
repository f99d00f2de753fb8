import { describe, expect, it } from 'vitest';
import { decodeLoosely, isSensitiveKey, scrubEvent, scrubText } from '../../src/telemetry/scrub';

const TOKEN = 'nws_7d6c5b4a3f2e1d0c9b8a';
const ADMIN = 'adm_0f1e2d3c4b5a69788796';
const secrets = { tokens: [TOKEN, ADMIN] };
const RESET = 'RESETSECRET-77aa';
const CODE = 'GOOGLECODE-99cc';
const USER_ID = 'a1000000-0000-4000-8000-000000000001';
const TEAM = '7e000000-0000-4000-8000-000000000001';

function nest(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = { level: value };
  return value;
}

/**
 * At least the security probe's 31 crafted events (17 leaked before), each with what must not
 * survive; and what must survive, so the reports stay useful.
 */
const CASES: { name: string; event: object; secrets: string[]; keeps?: string[] }[] = [
  // The 17 that leaked.
  {
    name: 'reset token in the path',
    event: { request: { url: `https://console.test/password/change/${USER_ID}/${RESET}` } },
    secrets: [RESET],
    keeps: [`/password/change/${USER_ID}/`],
  },
  {
    name: 'URL-encoded email in request.url',
    event: {
      request: {
        url: `https://console.test/devices/${TEAM}?search=alice%40northwind.example&page=2`,
      },
    },
    secrets: ['alice', 'northwind.example'],
    keeps: ['page=2', `/devices/${TEAM}`],
  },
  {
    name: 'URL-encoded email in a fetch breadcrumb',
    event: {
      breadcrumbs: [
        {
          category: 'fetch',
          data: {
            url: `/api/v1/team/${TEAM}/devices?search=bob%40northwind.example`,
            method: 'GET',
          },
        },
      ],
    },
    secrets: ['bob', 'northwind.example'],
    keeps: ['GET'],
  },
  {
    name: 'URL-encoded email in a navigation breadcrumb',
    event: {
      breadcrumbs: [
        {
          category: 'navigation',
          data: { from: `/team/join/${TEAM}?email=carol%40northwind.example`, to: '/' },
        },
      ],
    },
    secrets: ['carol', 'northwind.example'],
    keeps: [`/team/join/${TEAM}`],
  },
  {
    name: 'URL-encoded email in a span description and http.query',
    event: {
      spans: [
        {
          description: `GET /api/v1/team/${TEAM}/devices?search=dave%2540northwind.example`,
          data: { 'http.query': '?search=dave%40northwind.example' },
        },
      ],
    },
    secrets: ['dave', 'northwind.example'],
  },
  {
    name: 'IDN email',
    event: { message: 'invite failed for jürgen@bücher.example' },
    secrets: ['jürgen', 'bücher'],
  },
  {
    name: 'root@localhost',
    event: { message: 'mail to root@localhost bounced' },
    secrets: ['root@localhost'],
  },
  {
    name: 'quoted local part',
    event: { message: 'user "john doe"@example.com' },
    secrets: ['john doe'],
  },
  {
    name: 'old and new passwords',
    event: { extra: { body: { oldPassword: 'hunter2-old', newPassword: 'hunter2-new' } } },
    secrets: ['hunter2-old', 'hunter2-new'],
  },
  {
    name: '2FA secret',
    event: { extra: { secret: 'JBSWY3DPEHPK3PXP' } },
    secrets: ['JBSWY3DPEHPK3PXP'],
  },
  {
    name: '2FA uri',
    event: { extra: { uri: 'otpauth://totp/Console:alice?secret=JBSWY3DPEHPK3PXP' } },
    secrets: ['JBSWY3DPEHPK3PXP', 'otpauth'],
  },
  {
    name: 'pin and totp',
    event: { extra: { pin: '123456', totp: '654321' } },
    secrets: ['123456', '654321'],
  },
  {
    name: 'beaconSignature',
    event: { contexts: { user: { beaconSignature: 'sig-abcdef' } } },
    secrets: ['sig-abcdef'],
  },
  {
    name: 'URL-encoded admin token',
    event: { message: `failed: ${encodeURIComponent(`${ADMIN}/x`)}` },
    secrets: [ADMIN],
  },
  {
    name: 'token nested 14 levels deep',
    event: { extra: nest(14, `deep ${TOKEN}`) as object },
    secrets: [TOKEN],
  },
  {
    name: 'token nested 40 levels deep (no depth bypass)',
    event: { extra: nest(40, `deeper ${TOKEN}`) as object },
    secrets: [TOKEN],
  },
  {
    name: 'token and email used as object keys',
    event: { extra: { [TOKEN]: 1, ['eve@northwind.example']: 2 } },
    secrets: [TOKEN, 'eve@'],
  },
  {
    name: 'feedback name and contact email',
    event: {
      contexts: {
        feedback: {
          name: 'Frank Feedback',
          contact_email: 'frank@northwind.example',
          message: 'broken',
        },
      },
    },
    secrets: ['Frank Feedback', 'frank@'],
    keeps: ['broken'],
  },
  // The 14 that were already right, kept right.
  {
    name: 'token in the message',
    event: { message: `request with ${TOKEN} failed` },
    secrets: [TOKEN],
    keeps: ['failed'],
  },
  {
    name: 'token in an exception value',
    event: { exception: { values: [{ type: 'Error', value: `bad ${TOKEN}` }] } },
    secrets: [TOKEN],
    keeps: ['Error'],
  },
  {
    name: 'token in headers',
    event: {
      request: { headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' } },
    },
    secrets: [TOKEN],
    keeps: ['Accept'],
  },
  {
    name: 'loginToken in a URL',
    event: { request: { url: 'https://console.test/?loginToken=abc123xyz' } },
    secrets: ['abc123xyz'],
  },
  {
    name: 'changeToken in a URL',
    event: {
      request: {
        url: 'https://console.test/email/verify?stage=NewEmail&changeToken=chg-77&newEmail=x%40y.example',
      },
    },
    secrets: ['chg-77', 'x@y.example'],
    keeps: ['stage=NewEmail'],
  },
  {
    name: 'Bearer in text',
    event: { message: 'sent Bearer sometoken123' },
    secrets: ['sometoken123'],
  },
  {
    name: 'bearer in lower case',
    event: { message: 'sent bearer othertoken456' },
    secrets: ['othertoken456'],
  },
  {
    name: 'user email and ip address',
    event: {
      user: {
        id: USER_ID,
        email: 'alice@northwind.example',
        ip_address: '10.1.2.3',
        username: 'alice',
      },
    },
    secrets: ['alice', '10.1.2.3'],
    keeps: [USER_ID],
  },
  {
    name: 'plain email in a message',
    event: { message: 'alice@northwind.example clicked' },
    secrets: ['alice@northwind.example'],
    keeps: ['clicked'],
  },
  {
    name: 'email key',
    event: { extra: { email: 'a@b.example', ownerEmail: 'c@d.example' } },
    secrets: ['a@b.example', 'c@d.example'],
  },
  { name: 'admin token in text', event: { message: `swap ${ADMIN}` }, secrets: [ADMIN] },
  {
    name: 'Google sign-in code',
    event: { breadcrumbs: [{ data: { from: `/oauth/google?code=${CODE}&state=st-1` } }] },
    secrets: [CODE, 'st-1'],
  },
  {
    name: 'Slack connect code',
    event: { request: { url: `https://console.test/slack/connect?code=${CODE}` } },
    secrets: [CODE],
  },
  // Spans as Sentry 11 streams them.
  {
    name: 'streamed span attributes',
    event: {
      name: `/password/change/${USER_ID}/${RESET}`,
      attributes: {
        'url.full': `https://console.test/?loginToken=${TOKEN}`,
        'user.email': 'alice@northwind.example',
        'http.request.header.authorization': `Bearer ${TOKEN}`,
        'sentry.op': 'pageload',
      },
    },
    secrets: [RESET, TOKEN, 'alice@'],
    keeps: ['pageload', `/password/change/${USER_ID}/`],
  },
  {
    name: 'double-encoded email in a fragment',
    event: { request: { url: 'https://console.test/#invite=zoe%2540northwind.example' } },
    secrets: ['zoe', 'northwind.example'],
  },
];

describe('telemetry scrubbing: the crafted events', () => {
  it('has at least the probe’s 31 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(31);
  });

  it.each(CASES)('$name', ({ event, secrets: forbidden, keeps = [] }) => {
    const out = JSON.stringify(scrubEvent(event, secrets));
    for (const secret of forbidden) expect(out).not.toContain(secret);
    for (const kept of keeps) expect(out).toContain(kept);
  });
});

describe('scrubbing parts', () => {
  it('keeps harmless list parameters and drops every other query value', () => {
    expect(scrubText('/devices/x?page=2&pageSize=50&orderBy=status&direction=desc', secrets)).toBe(
      '/devices/x?page=2&pageSize=50&orderBy=status&direction=desc',
    );
    expect(scrubText('/x?q=anything&page=1', secrets)).toBe('/x?q=[redacted]&page=1');
  });

  it('decodes percent escapes without ever throwing', () => {
    expect(decodeLoosely('a%40b')).toBe('a@b');
    expect(decodeLoosely('a%2540b')).toBe('a@b');
    expect(decodeLoosely('%E0%A4%A')).toBe('%E0%A4%A');
    expect(decodeLoosely('100%')).toBe('100%');
  });

  it('recognises sensitive keys in every spelling, and names only inside a person record', () => {
    for (const key of [
      'password',
      'new_password',
      'X-Api-Key',
      'adminToken',
      'user.email',
      'codeVerifier',
      'pin',
    ]) {
      expect(isSensitiveKey(key), key).toBe(true);
    }
    expect(isSensitiveKey('name', 'feedback')).toBe(true);
    expect(isSensitiveKey('name', 'sdk')).toBe(false);
    for (const key of ['status_code', 'op', 'description', 'sentry.origin', 'url.full']) {
      expect(isSensitiveKey(key), key).toBe(false);
    }
  });

  it('survives cycles', () => {
    const event: Record<string, unknown> = { message: TOKEN };
    event.self = event;
    expect(JSON.stringify(scrubEvent(event, secrets))).toContain('[circular]');
  });
});
