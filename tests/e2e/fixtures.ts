import { test as base, expect } from '@playwright/test';
import type { Browser, Page, Request } from '@playwright/test';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { PREFER_RULES_HEADER, type PreferRule } from '../../scripts/lib/prefer-rules';
import { CONFIGURED_URL, SENTRY_TUNNEL_PATH } from './configured-app';

export { expect };

export const SESSION_KEY = 'console.session';
export const TEST_TOKEN = 'e2e-session-token';
/** The e2e build's Google OAuth client id (VITE_GOOGLE_CLIENT_ID in package.json's test:e2e). */
export const E2E_GOOGLE_CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
/** The story's "today" (openapi/SCENARIOS.md): relative times read as written only at this instant. */
export const STORY_NOW = '2026-11-21T12:00:00Z';

/** "GET /team/{teamId}/devices" → the rule the preview's proxy matches (the path after /api/v1). */
function rule(key: string, prefer: string): PreferRule {
  const [method = 'GET', template = '/'] = key.split(' ');
  const body = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return [method.toUpperCase(), `^${body}/?$`, prefer];
}

export interface Scenario {
  /**
   * Prefer header per operation, e.g. { 'GET /user': 'example=collaborator' }. Never global; '' removes
   * one. A request that carries its own Prefer (set by a test's route) keeps it.
   */
  prefer(map: Record<string, string>): Promise<void>;
  /** Sign in by storing a session before the app loads. */
  signIn(extra?: Record<string, unknown>): Promise<void>;
}

function installScenario(page: Page): Scenario {
  const rules = new Map<string, PreferRule>();
  return {
    async prefer(map) {
      // A later call for the same operation replaces the earlier one.
      for (const [key, prefer] of Object.entries(map)) {
        if (prefer === '') rules.delete(key);
        else rules.set(key, rule(key, prefer));
      }
      // Sent with each of the page's requests; the preview's proxy turns the matching rule into
      // Prefer (scripts/lib/prefer-rules.ts says why not a route).
      await page.setExtraHTTPHeaders({
        [PREFER_RULES_HEADER]: JSON.stringify([...rules.values()]),
      });
    },
    async signIn(extra = {}) {
      const session = {
        token: TEST_TOKEN,
        adminToken: null,
        activeTeamId: null,
        deviceOrderBy: 'deviceName',
        deviceOrderDirection: 'asc',
        ...extra,
      };
      await page.addInitScript(
        ([key, value]) => {
          if (!window.sessionStorage.getItem('e2e.seeded')) {
            window.localStorage.setItem(key, value);
            window.sessionStorage.setItem('e2e.seeded', '1');
          }
        },
        [SESSION_KEY, JSON.stringify(session)] as const,
      );
    },
  };
}

/** What every test's page did that a user or the contract would object to, and its telemetry. */
export interface Guards {
  /** "[contract violation] GET /path $.field: rule" lines (strict e2e builds log each one). */
  contractViolations: string[];
  /** Content-Security-Policy violations under the production headers `vite preview` sends. */
  cspViolations: string[];
  /**
   * Every Sentry envelope the app sent to the tunnel: only the configured build
   * (tests/e2e/configured-app.ts) reports errors, with a fake DSN and this tunnel.
   */
  envelopes: string[];
  /**
   * This test sends malformed answers on purpose: it passes only if the distinct violations are
   * exactly these (each written as after the mark: "GET /teams $: type: expected array").
   */
  expectContractViolations(expected: string[]): void;
}

const CONTRACT_VIOLATION_MARK = '[contract violation]';
const CSP_MARK = '[csp violation]';

async function installGuards(page: Page, answerTunnel: boolean): Promise<Guards> {
  const guards: Guards = {
    contractViolations: [],
    cspViolations: [],
    envelopes: [],
    expectContractViolations(list) {
      expected = list;
    },
  };
  let expected: string[] = [];
  Object.defineProperty(guards, 'expected', { get: () => expected });
  await page.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`${mark} ${event.effectiveDirective} ${event.blockedURI}`);
    });
  }, CSP_MARK);
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CONTRACT_VIOLATION_MARK)) guards.contractViolations.push(text);
    else if (text.startsWith(CSP_MARK)) guards.cspViolations.push(text);
  });
  if (answerTunnel) {
    // Error reporting never leaves the machine: the tunnel is answered here, and what it got is kept.
    await page.route(`**${SENTRY_TUNNEL_PATH}**`, async (route) => {
      guards.envelopes.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
  } else {
    // Other builds have no DSN and send nothing; should one, it is kept here all the same (a
    // same-origin path: nothing leaves the machine). No route: it would stop every request.
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(SENTRY_TUNNEL_PATH)) {
        guards.envelopes.push(request.postData() ?? '');
      }
    });
  }
  return guards;
}

/** The distinct lines of `lines`, sorted. */
const distinct = (lines: string[]) => [...new Set(lines)].sort();

/**
 * Whether the app under test is a strict build (VITE_STRICT_CONTRACT=true, as `npm run test:e2e`
 * builds it): only such a build reports the contract violations that fail a test. Checked once per
 * worker; a production build (`npm run build`) would let every broken answer pass unnoticed.
 */
const STRICT_MARK = 'data-strict-contract';
async function assertStrictBuild(browser: Browser, baseURL: string | undefined): Promise<void> {
  const page = await browser.newPage({ baseURL });
  try {
    await page.goto('/login');
    await page.locator(`html[${STRICT_MARK}]`).waitFor({ state: 'attached', timeout: 15_000 });
  } catch {
    throw new Error(
      `The app at ${baseURL} is not a strict build: it would not report answers that break the ` +
        'contract. Build it with VITE_STRICT_CONTRACT=true (npm run test:e2e does), then run the tests.',
    );
  } finally {
    await page.close();
  }
}

export const test = base.extend<
  {
    scenario: Scenario;
    guards: Guards;
  },
  { strictBuild: void }
>({
  strictBuild: [
    async ({ browser }, use, workerInfo) => {
      await assertStrictBuild(browser, workerInfo.project.use.baseURL);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  guards: [
    async ({ page, baseURL }, use) => {
      const guards = await installGuards(page, baseURL === CONFIGURED_URL);
      await use(guards);
      expect(guards.cspViolations, 'Content-Security-Policy violations').toEqual([]);
      // Any answer that breaks the contract (an undeclared field included) fails the test that
      // meets it, unless the test sends exactly those broken answers on purpose.
      const expected = (guards as Guards & { expected: string[] }).expected;
      expect(distinct(guards.contractViolations), 'answers that break the contract').toEqual(
        distinct(expected.map((line) => `${CONTRACT_VIOLATION_MARK} ${line}`)),
      );
    },
    { auto: true },
  ],
  // The browser context is reused between a worker's tests (playwright.config.ts); Playwright's
  // reset leaves granted permissions (a clipboard grant, say) in place, so they go here.
  // The page is left blank while this test's routes and servers are still there: the reset before
  // the next test navigates it to about:blank, and a navigation the page starts meanwhile (a reload
  // toward a server this test stopped, a link to a host that cannot be reached) ends on Chromium's
  // error page and interrupts that reset, failing the next test for this one's reason.
  context: async ({ context }, use) => {
    await use(context);
    await context.clearPermissions();
    const [page] = context.pages();
    if (page && !page.isClosed()) await page.goto('about:blank');
  },
  scenario: async ({ page }, use) => {
    await use(installScenario(page));
  },
});

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * axe-core's browser build, read once per worker: the project's own axe-core (package.json), for
 * both paths below, so every check runs the same rules. @axe-core/playwright brings an older one
 * (its releases that bring a newer one need Node 22).
 */
let axeSource: string | undefined;
function readAxeSource(): string {
  axeSource ??= fs.readFileSync(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );
  return axeSource;
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's WCAG 2.0/2.1 A and AA rules in the page's document. Run in the page itself: the same
 * rules and results as @axe-core/playwright, without the blank page it opens to merge the results
 * of frames (about 2.5 s a call here). A page with frames goes through @axe-core/playwright.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (page.frames().length > 1) {
    return (await new AxeBuilder({ page, axeSource: readAxeSource() }).withTags(AXE_TAGS).analyze())
      .violations;
  }
  // Colours are read as shown: a dialog or menu still fading in would fail the contrast rule.
  // (A spinner's endless animation is not waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(readAxeSource());
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const results = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
  }, AXE_TAGS);
}

/** axe-core: no serious or critical violations. */
/**
 * Nothing on the page is wider than the screen (no sideways scrolling), once the layout has settled:
 * right after a test changes the viewport, a tooltip or a toast placed for the old width can stand
 * beyond the new edge until its own resize handler runs, a frame later (seen at 491 px after a
 * switch from 1280 to 390). A page that stays too wide still fails, after the expect timeout.
 */
export async function expectNoSidewaysScroll(page: Page, screen = 'the page'): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `${screen} scrolls sideways (px beyond the screen)` },
    )
    .toBeLessThanOrEqual(0);
}

export async function expectAccessible(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export async function readSession(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_KEY);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

/**
 * Stops the page's clock (after `page.clock.install()`) `ahead` ms past the page's own time: from
 * here its timers fire only when the test runs the clock (runFor, resume, another pause), never by
 * themselves while a loaded machine is slow between two steps of the test.
 */
export async function holdClock(page: Page, ahead = 1_000): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + ahead);
}

/** Whether a request is `method` on the API path `path` (as the contract writes it, filled in). */
function isApiCall(request: Request, method: string, path: string): boolean {
  return request.method() === method && new URL(request.url()).pathname === `/api/v1${path}`;
}

/** The next request `method` on the API path `path`. */
export function waitForCall(page: Page, method: string, path: string): Promise<Request> {
  return page.waitForRequest((request) => isApiCall(request, method, path));
}

/** Every request `method` on the API path `path` from now on. */
export function record(page: Page, method: string, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (isApiCall(request, method, path)) seen.push(request);
  });
  return seen;
}

/** Hold matching API requests until `release()` is called: the in-progress state stays visible. */
export async function hold(page: Page, method: string, path: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1${path}`, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await gate;
    return route.fallback();
  });
  return release;
}
