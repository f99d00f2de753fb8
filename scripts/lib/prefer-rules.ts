// Browser tests choose Prism's answer per operation (tests/e2e/fixtures.ts: `scenario.prefer`). The
// choices travel in one request header that `vite preview` turns into Prism's `Prefer` header, only
// when the preview runs for the tests (playwright.config.ts sets PREFER_RULES_ENV). A header rather
// than a Playwright route: while a page has a route, Playwright stops every request the page makes
// (each script chunk too) and turns the browser's cache off, which cost the specs that choose answers
// about 4% more CPU.
import type { IncomingMessage } from 'node:http';
import type { ProxyOptions } from 'vite';

export const PREFER_RULES_HEADER = 'x-e2e-prefer';
export const PREFER_RULES_ENV = 'E2E_PREFER_RULES';

/** [method, the path after /api/v1 as a RegExp source, the Prefer header to send] */
export type PreferRule = [method: string, pattern: string, prefer: string];

function parseRules(header: string): PreferRule[] {
  let value: unknown;
  try {
    value = JSON.parse(header);
  } catch {
    value = null;
  }
  const isRule = (rule: unknown): rule is PreferRule =>
    Array.isArray(rule) && rule.length === 3 && rule.every((part) => typeof part === 'string');
  if (!Array.isArray(value) || !value.every(isRule)) {
    throw new Error(`${PREFER_RULES_HEADER} is not a list of [method, pattern, prefer]: ${header}`);
  }
  return value;
}

/** The Prefer of the first rule for this method and path (the path after /api/v1, no query). */
export function preferFor(header: string, method: string, path: string): string | undefined {
  return parseRules(header).find(
    ([ruleMethod, pattern]) => ruleMethod === method && new RegExp(pattern).test(path),
  )?.[2];
}

/**
 * vite's proxy hook: the rules header never reaches Prism; a request that already carries a Prefer
 * (a test's own route set it) keeps it, any other gets the matching rule's. A malformed header fails
 * that request (the proxy's error answer), never the preview server.
 */
export const applyPreferRules: NonNullable<ProxyOptions['configure']> = (proxy) => {
  proxy.on('proxyReq', (proxyReq, req: IncomingMessage) => {
    const header = req.headers[PREFER_RULES_HEADER];
    if (typeof header !== 'string') return;
    proxyReq.removeHeader(PREFER_RULES_HEADER);
    if (proxyReq.getHeader('prefer') !== undefined) return;
    // vite has already rewritten req.url to the path Prism gets (without /api/v1).
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      const prefer = preferFor(header, req.method ?? 'GET', path);
      if (prefer) proxyReq.setHeader('prefer', prefer);
    } catch (error) {
      console.error(String(error));
      proxyReq.destroy(error as Error);
    }
  });
};
