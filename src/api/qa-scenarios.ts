import type { Middleware } from 'openapi-fetch';

/**
 * QA against the Prism mock: pick a named example (a scenario of openapi/SCENARIOS.md) per
 * operation from the browser, e.g. in the devtools console:
 *
 *   localStorage.setItem('console.qa.prefer', JSON.stringify({ 'GET /user': 'example=collaborator' }))
 *
 * Keys are "METHOD /path/template" exactly as in the contract; values are Prism Prefer headers.
 * Only in the dev server or builds made with VITE_QA_SCENARIOS=true; never in production.
 */
export const QA_PREFER_KEY = 'console.qa.prefer';

export function parsePreferMap(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const data = JSON.parse(raw) as unknown;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
    return Object.fromEntries(
      Object.entries(data).filter(
        (entry): entry is [string, string] =>
          /^(GET|POST|PUT|PATCH|DELETE) \/\S*$/.test(entry[0]) &&
          typeof entry[1] === 'string' &&
          /^[\w=, .-]{1,200}$/.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

export const qaPreferMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(QA_PREFER_KEY);
    } catch {
      return request;
    }
    const prefer = parsePreferMap(raw)[`${request.method} ${schemaPath}`];
    if (prefer) request.headers.set('Prefer', prefer);
    return request;
  },
};
