/**
 * A second build of the app for what the default e2e build leaves out, served next to it: a
 * payment-provider client token (the provider's CDN request is intercepted) and error reporting
 * (Sentry, ~10% of the renderer's work in every test: left out of the default build) on a tunnel
 * of its own (intercepted by the fixture and the specs, nothing leaves the machine).
 * Only specs that `test.use({ baseURL: CONFIGURED_URL })` run against it.
 */
export const CONFIGURED_PORT = Number(process.env.E2E_CONFIGURED_PORT ?? 4175);
export const CONFIGURED_URL = `http://127.0.0.1:${CONFIGURED_PORT}`;
export const CONFIGURED_OUT_DIR = 'node_modules/.cache/e2e-configured-dist';
export const SENTRY_TUNNEL_PATH = '/e2e-sentry-tunnel';
/** The DSN's public key and host: the one email-shaped text an envelope header may carry. */
export const CONFIGURED_DSN_KEY = 'e2e0public0key@sentry.invalid';
export const PADDLE_CLIENT_TOKEN = 'test_e2e_client_token';
/** Where @paddle/paddle-js loads Paddle Billing (v1) from. */
export const PADDLE_CDN_URL = 'https://cdn.paddle.com/paddle/v2/paddle.js';

/**
 * The e2e builds' request timeout (package.json's test:e2e says the same): short, so that "No
 * response from the server." is seen in seconds, yet long enough that a request a test holds while
 * it looks at the waiting state is not cut on a loaded 2-core machine.
 */
export const E2E_REQUEST_TIMEOUT_MS = '5000';

export const CONFIGURED_ENV: Record<string, string> = {
  VITE_REQUEST_TIMEOUT_MS: E2E_REQUEST_TIMEOUT_MS,
  VITE_STRICT_CONTRACT: 'true',
  VITE_SENTRY_DSN: `https://${CONFIGURED_DSN_KEY}/1`,
  VITE_SENTRY_TUNNEL: SENTRY_TUNNEL_PATH,
  VITE_PADDLE_CLIENT_TOKEN: PADDLE_CLIENT_TOKEN,
  VITE_PADDLE_ENVIRONMENT: 'sandbox',
};
