// The browser tests' per-operation Prism answers (scripts/lib/prefer-rules.ts): which rule a proxied
// request gets, and what the preview's proxy hook sends on to Prism.
import { EventEmitter } from 'node:events';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import {
  PREFER_RULES_HEADER,
  type PreferRule,
  applyPreferRules,
  preferFor,
} from '../../scripts/lib/prefer-rules';

const rules: PreferRule[] = [
  ['GET', '^\\/team\\/[^/]+\\/devices/?$', 'example=exportPage'],
  ['GET', '^\\/user/?$', 'example=collaborator'],
  ['POST', '^\\/user/?$', 'code=400'],
];
const header = JSON.stringify(rules);

describe('preferFor', () => {
  it('picks the rule of the method and path, the first that matches', () => {
    expect(preferFor(header, 'GET', '/user')).toBe('example=collaborator');
    expect(preferFor(header, 'POST', '/user')).toBe('code=400');
    expect(preferFor(header, 'GET', '/team/7e00/devices')).toBe('example=exportPage');
    expect(
      preferFor(JSON.stringify([...rules, ['GET', '^\\/user/?$', 'code=500']]), 'GET', '/user'),
    ).toBe('example=collaborator');
  });

  it('gives none for another operation', () => {
    expect(preferFor(header, 'DELETE', '/user')).toBeUndefined();
    expect(preferFor(header, 'GET', '/user/admins')).toBeUndefined();
    expect(preferFor('[]', 'GET', '/user')).toBeUndefined();
  });

  it('refuses a header that is not a list of rules, naming it', () => {
    for (const bad of ['not json', '{}', '[["GET","^/user$"]]', '[["GET",1,"code=400"]]']) {
      expect(() => preferFor(bad, 'GET', '/user')).toThrow(
        `${PREFER_RULES_HEADER} is not a list of [method, pattern, prefer]: ${bad}`,
      );
    }
  });
});

describe('the proxy hook', () => {
  /** What the hook leaves on the request to Prism for an incoming request. */
  function proxied(incoming: { method: string; url: string; headers: Record<string, string> }) {
    const proxy = new EventEmitter();
    applyPreferRules(proxy as never, {});
    const sent = new Map<string, string>(Object.entries(incoming.headers));
    const destroyed: Error[] = [];
    const proxyReq = {
      getHeader: (name: string) => sent.get(name),
      setHeader: (name: string, value: string) => sent.set(name, value),
      removeHeader: (name: string) => sent.delete(name),
      destroy: (error: Error) => destroyed.push(error),
    } as unknown as ClientRequest;
    proxy.emit('proxyReq', proxyReq, incoming as unknown as IncomingMessage);
    return destroyed.length > 0 ? { destroyed: destroyed.map(String) } : Object.fromEntries(sent);
  }

  it('sends the matching rule as Prefer and never the rules themselves', () => {
    expect(
      proxied({ method: 'GET', url: '/user?x=1', headers: { [PREFER_RULES_HEADER]: header } }),
    ).toEqual({ prefer: 'example=collaborator' });
    expect(
      proxied({ method: 'GET', url: '/teams', headers: { [PREFER_RULES_HEADER]: header } }),
    ).toEqual({});
  });

  it("keeps a request's own Prefer (a test's route chose it)", () => {
    expect(
      proxied({
        method: 'GET',
        url: '/user',
        headers: { [PREFER_RULES_HEADER]: header, prefer: 'code=500' },
      }),
    ).toEqual({ prefer: 'code=500' });
  });

  it('fails only the request whose rules header is malformed', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      proxied({ method: 'GET', url: '/user', headers: { [PREFER_RULES_HEADER]: 'not json' } }),
    ).toEqual({
      destroyed: [
        `Error: ${PREFER_RULES_HEADER} is not a list of [method, pattern, prefer]: not json`,
      ],
    });
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });

  it('leaves a request without rules alone', () => {
    expect(proxied({ method: 'GET', url: '/user', headers: { prefer: 'code=401' } })).toEqual({
      prefer: 'code=401',
    });
  });
});
