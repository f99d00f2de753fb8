// A neighbour release of the contract, served by the sandbox on demand (story tests, QA by hand):
// what a backend of another release looks like to this console while a deploy is half done.
//   - `hash`: the openapi-hash of another contract line (a breaking release, either side newer);
//   - `absent`: operations this backend does not have yet (an older release of the same line: a
//     console newer than its backend calls them and gets the backend's 404).
// Off by default. POST /__sandbox/release { hash?, absent? } sets it, DELETE /__sandbox/release ends
// it; only with the test-only fault switch (SANDBOX_FAULTS=1). Kept for the process (not per world):
// a release is the whole backend's. The hooks: http.ts (withHash, serve) and handlers.ts.
import * as v from 'valibot';
import { http, type HttpHandler } from 'msw';
import { isJson, json } from './http';
import type { Sandbox } from './sandbox';

const ReleaseBody = v.strictObject({
  hash: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
  absent: v.optional(v.array(v.pipe(v.string(), v.regex(/^(GET|POST|PUT|PATCH|DELETE) \/\S*$/)))),
});

const release: { hash: string | null; absent: string[] } = { hash: null, absent: [] };

/** The openapi-hash this backend sends: the neighbour release's, else its own contract's. */
export const servedHash = (own: string): string => release.hash ?? own;

/** The 404 of an operation this release does not have ("GET /team/{teamId}/public"), else null. */
export function absentAnswer(key: string): Response | null {
  if (!release.absent.includes(key)) return null;
  return json(404, { message: `${key} is not in this release of the backend` });
}

export function neighbourReleaseControls(sandbox: Sandbox, base: string): HttpHandler[] {
  const off = () => json(404, { message: 'The fault switch is off (SANDBOX_FAULTS=1)' });
  return [
    http.post(`${base}/release`, async ({ request }) => {
      if (!sandbox.faultsEnabled) return off();
      // As every control: JSON only, so a page's form or text/plain POST cannot drive it.
      if (!isJson(request))
        return json(415, { message: 'Send JSON (content-type: application/json)' });
      const parsed = v.safeParse(ReleaseBody, await request.json().catch(() => undefined));
      if (!parsed.success)
        return json(400, { message: parsed.issues.map((i) => i.message).join('; ') });
      release.hash = parsed.output.hash ?? null;
      release.absent = parsed.output.absent ?? [];
      return json(200, release);
    }),
    http.delete(`${base}/release`, () => {
      if (!sandbox.faultsEnabled) return off();
      release.hash = null;
      release.absent = [];
      return json(200, release);
    }),
  ];
}
