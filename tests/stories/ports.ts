/** Ports of the story tests (README, Settings); free ones when another checkout runs tests. */
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4431);
export const SANDBOX_PROXY_PORT = Number(process.env.E2E_SANDBOX_PROXY_PORT ?? 4432);
export const SANDBOX_PREVIEW_PORT = Number(process.env.E2E_SANDBOX_PREVIEW_PORT ?? 4433);
export const SANDBOX_BUILD_DIR = 'node_modules/.cache/e2e-sandbox-dist';
