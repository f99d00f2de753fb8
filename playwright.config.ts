import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, TEST_CHROMIUM_ARGS } from './scripts/lib/chromium';
import { PREFER_RULES_ENV } from './scripts/lib/prefer-rules';
import {
  CONFIGURED_ENV,
  CONFIGURED_OUT_DIR,
  CONFIGURED_PORT,
  CONFIGURED_URL,
} from './tests/e2e/configured-app';

const PRISM_PORT = Number(process.env.E2E_PRISM_PORT ?? 4010);
const PREVIEW_PORT = Number(process.env.E2E_PREVIEW_PORT ?? 4173);
/** The same build against the SPEC-only mock (openapi/spec-only.yaml): project `spec-only`. */
const SPEC_ONLY_PRISM_PORT = Number(process.env.E2E_SPEC_ONLY_PRISM_PORT ?? 4177);
const SPEC_ONLY_PREVIEW_PORT = Number(process.env.E2E_SPEC_ONLY_PREVIEW_PORT ?? 4178);
const SPEC_ONLY_SPECS = /tests\/e2e\/spec-only\/[^/]+\.spec\.ts$/;
/** The previews' proxies turn a test's `scenario.prefer` into Prism's Prefer (scripts/lib/prefer-rules.ts). */
const PREFER_RULES = { [PREFER_RULES_ENV]: '1' };

/**
 * The built app (vite preview) against the Prism mock, in Debian's Chromium. Two projects: `app`
 * (every flow, against the contract) and `spec-only` (tests/e2e/spec-only/: the flows that depend
 * on proposals, against a backend built to the SPEC alone).
 */
export default defineConfig({
  // Module paths for the loader: none (tsconfig.playwright.json says why it is not the Node project).
  tsconfig: './tsconfig.playwright.json',
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries: a flaky test hides a bug; fix its cause.
  retries: 0,
  timeout: 30_000,
  // A ceiling, not a cost: on a loaded 2-core machine a signed-in page can take several seconds to boot.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
    trace: 'off',
    // One browser context per worker, reset between tests by Playwright (storage, cache, routes,
    // init scripts, clock, viewport, media; the fixture also drops granted permissions). A test's
    // page then boots the app in a warm renderer: about a fifth less time for the whole run on a
    // 2-core machine. Not reset: session history and window.name (no test relies on either; see
    // docs/testing.md). A test that needs other context options (locale, isMobile) gets a fresh one.
    reuseContext: true,
    screenshot: 'off',
    // As a user who asked the system for less motion (the app honours it: src/ui/theme.ts): no
    // endless spinner or fade keeps the browser painting while a test waits. About a tenth less
    // CPU for the run; app-core.spec.ts checks both settings.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: TEST_CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'app', testIgnore: SPEC_ONLY_SPECS },
    {
      name: 'spec-only',
      testMatch: SPEC_ONLY_SPECS,
      use: { baseURL: `http://127.0.0.1:${SPEC_ONLY_PREVIEW_PORT}` },
    },
  ],
  webServer: [
    {
      command: `node_modules/.bin/prism mock openapi/openapi.yaml --port ${PRISM_PORT} --host 127.0.0.1`,
      url: `http://127.0.0.1:${PRISM_PORT}/teams`,
      // Never test a server this run did not start (another checkout's build, say).
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node_modules/.bin/vite preview --configLoader runner --port ${PREVIEW_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${PREVIEW_PORT}/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MOCK_URL: `http://127.0.0.1:${PRISM_PORT}`, ...PREFER_RULES },
    },
    {
      command: `node_modules/.bin/prism mock openapi/spec-only.yaml --port ${SPEC_ONLY_PRISM_PORT} --host 127.0.0.1`,
      url: `http://127.0.0.1:${SPEC_ONLY_PRISM_PORT}/teams`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The same dist/ as the app project, its /api/v1 proxied to the SPEC-only mock.
      command: `node_modules/.bin/vite preview --configLoader runner --port ${SPEC_ONLY_PREVIEW_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${SPEC_ONLY_PREVIEW_PORT}/login`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MOCK_URL: `http://127.0.0.1:${SPEC_ONLY_PRISM_PORT}`, ...PREFER_RULES },
    },
    {
      // The app built with error reporting and a payment-provider token (tests/e2e/configured-app.ts).
      command:
        `node_modules/.bin/vite build --configLoader runner --outDir ${CONFIGURED_OUT_DIR} --emptyOutDir --logLevel warn && ` +
        `node_modules/.bin/vite preview --configLoader runner --outDir ${CONFIGURED_OUT_DIR} --port ${CONFIGURED_PORT} --strictPort --host 127.0.0.1`,
      url: `${CONFIGURED_URL}/login`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { ...CONFIGURED_ENV, MOCK_URL: `http://127.0.0.1:${PRISM_PORT}`, ...PREFER_RULES },
    },
  ],
});
