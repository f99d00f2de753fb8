import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, TEST_CHROMIUM_ARGS } from './scripts/lib/chromium';
import {
  SANDBOX_BUILD_DIR,
  SANDBOX_PORT,
  SANDBOX_PREVIEW_PORT,
  SANDBOX_PROXY_PORT,
} from './tests/stories/ports';

/**
 * Story tests (npm run test:sandbox): the console (a QA build, so the QA panel is there) in Debian's
 * Chromium, against the sandbox behind the validating contract proxy, as `npm start` runs it:
 *   vite preview (E2E_SANDBOX_PREVIEW_PORT) → /api/v1 → mock-proxy --strict (E2E_SANDBOX_PROXY_PORT)
 *   → sandbox (E2E_SANDBOX_PORT, started by the tests themselves, so that one can restart it).
 * One worker: the tests share the sandbox process.
 */
export default defineConfig({
  // Module paths for the loader: none (tsconfig.playwright.json says why it is not the Node project).
  tsconfig: './tsconfig.playwright.json',
  testDir: 'tests/stories',
  fullyParallel: false,
  workers: 1,
  // No retries: a flaky test hides a bug; fix its cause.
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${SANDBOX_PREVIEW_PORT}`,
    trace: 'off',
    screenshot: 'off',
    // Less motion, as in playwright.config.ts.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: TEST_CHROMIUM_ARGS },
  },
  webServer: [
    {
      // Prism's validating proxy in front of the sandbox: every answer the console gets passed the contract.
      command: `node --import tsx scripts/mock-proxy.ts --upstream http://127.0.0.1:${SANDBOX_PORT}/api/v1 --port ${SANDBOX_PROXY_PORT} --strict --quiet`,
      port: SANDBOX_PROXY_PORT,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command:
        `node_modules/.bin/vite build --configLoader runner --outDir ${SANDBOX_BUILD_DIR} --emptyOutDir --logLevel warn && ` +
        `node_modules/.bin/vite preview --configLoader runner --outDir ${SANDBOX_BUILD_DIR} --port ${SANDBOX_PREVIEW_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${SANDBOX_PREVIEW_PORT}/login`,
      reuseExistingServer: false,
      timeout: 240_000,
      env: {
        VITE_QA_SCENARIOS: 'true',
        VITE_STRICT_CONTRACT: 'true',
        VITE_REQUEST_TIMEOUT_MS: '5000',
        MOCK_URL: `http://127.0.0.1:${SANDBOX_PROXY_PORT}`,
        SANDBOX_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      },
    },
  ],
});
