import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { E2E_REQUEST_TIMEOUT_MS } from './configured-app';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PRISM_PORT = Number(process.env.E2E_PRISM_PORT ?? 4010);
/** Text only the QA panel carries: none of it may be in a production bundle. */
const PANEL_MARKERS = [
  'Reset to the default story',
  'console.qa.prefer',
  'data-qa-panel',
  'Apply story',
];

test.describe('production build', () => {
  // Its signed-in screens show no "QA scenarios" button: app-core.spec.ts, the redirect from /.
  test('carries no QA panel and no scenario switch', () => {
    const assets = path.join(ROOT, 'dist', 'assets');
    const files = fs.readdirSync(assets).filter((name) => /\.(js|css|html)$/.test(name));
    expect(files.length).toBeGreaterThan(5);
    const found = files.flatMap((name) => {
      const text = fs.readFileSync(path.join(assets, name), 'utf8');
      return PANEL_MARKERS.filter((marker) => text.includes(marker)).map((m) => `${name}: ${m}`);
    });
    expect(found).toEqual([]);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.describe('QA build (VITE_QA_SCENARIOS=true)', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let outDir = '';
  let preview: ChildProcess | undefined;
  let base = '';

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-build-'));
    const build = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--configLoader',
        'runner',
        '--outDir',
        outDir,
        '--emptyOutDir',
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          VITE_QA_SCENARIOS: 'true',
          VITE_REQUEST_TIMEOUT_MS: E2E_REQUEST_TIMEOUT_MS,
        },
      },
    );
    expect(build.status, build.stderr).toBe(0);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    preview = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'preview',
        '--configLoader',
        'runner',
        '--outDir',
        outDir,
        '--port',
        String(port),
        '--strictPort',
        '--host',
        '127.0.0.1',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, MOCK_URL: `http://127.0.0.1:${PRISM_PORT}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let log = '';
    preview.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    preview.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const until = Date.now() + 120_000;
    while ((await fetch(`${base}/login`).catch(() => undefined))?.status !== 200) {
      if (Date.now() > until || preview.exitCode !== null) {
        throw new Error(`vite preview of the QA build did not answer:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(() => {
    preview?.kill('SIGTERM');
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  const statusLine = (page: Page) =>
    page.getByRole('dialog', { name: 'QA scenarios' }).getByRole('status');

  test('a tester picks a story and an operation by keyboard, sees what is active, reloads, resets', async ({
    page,
    scenario,
  }) => {
    await scenario.signIn();
    await page.goto(`${base}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const open = page.getByRole('button', { name: 'QA scenarios, default story' });
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'QA scenarios' });
    await expect(panel).toBeVisible();
    await expect(statusLine(page)).toContainText('Active: the default story');
    await expectAccessible(page);

    // A whole story from SCENARIOS.md: the screen refetches with the story's Prefer header.
    await panel.getByLabel('Filter scenarios and operations').fill('Collaborator');
    const refetch = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/v1/user') &&
        request.headers()['prefer'] === 'example=collaborator',
    );
    await panel.getByRole('button', { name: 'Apply story Collaborator' }).first().focus();
    await page.keyboard.press('Enter');
    await refetch;
    await expect(statusLine(page)).toContainText('Active story: Collaborator');
    await expect(statusLine(page)).toContainText('GET /user: example=collaborator');

    // Survives a reload: the pick, and the open panel.
    await page.reload();
    await expect(statusLine(page)).toContainText('Active story: Collaborator');
    expect(
      await page.evaluate(() =>
        JSON.parse(window.localStorage.getItem('console.qa.prefer') ?? 'null'),
      ),
    ).toEqual({ 'GET /user': 'example=collaborator' });

    // One operation: a named example of the contract, chosen from its list.
    await panel.getByLabel('Filter scenarios and operations').fill('listTeams');
    await panel.getByRole('tab', { name: 'Operations' }).click();
    await panel.getByLabel('GET /teams (listTeams)').selectOption('example=oneTeam');
    await expect(statusLine(page)).toContainText('Active: 2 picks');
    await expect(statusLine(page)).toContainText('GET /teams: example=oneTeam');
    // (the drawer is modal: the button behind it is hidden from the accessibility tree meanwhile)
    await expect(
      page.getByRole('button', { name: 'QA scenarios, 2 active', includeHidden: true }),
    ).toBeAttached();

    // One click back to the default story.
    await panel.getByRole('button', { name: 'Reset to the default story' }).click();
    await expect(statusLine(page)).toContainText('Active: the default story');
    expect(await page.evaluate(() => window.localStorage.getItem('console.qa.prefer'))).toBeNull();
    await expect(panel.getByRole('button', { name: 'Reset to the default story' })).toBeDisabled();
    // The disabled button gives the keyboard to the filter, still inside the panel.
    await expect(panel.getByLabel('Filter scenarios and operations')).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'QA scenarios, default story' })).toBeFocused();
  });

  test('fits a phone screen', async ({ page, scenario }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await scenario.signIn();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${base}/`);
    // Measured on the page / leads to, and again until both boxes are laid out: measured once,
    // right after a visibility check during the redirect, the heading had no box (CI, once).
    await expect(page).toHaveURL(/\/(overview|devices)\/[^/]+$/);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // The button sits in the page's left margin: it covers no card text.
    const open = page.getByRole('button', { name: /QA scenarios/ });
    await expect
      .poll(async () => {
        const [button, content] = await Promise.all([open.boundingBox(), heading.boundingBox()]);
        return button && content ? content.x - (button.x + button.width) : 'not laid out';
      })
      .toBeGreaterThanOrEqual(0);
    await open.click();
    const panel = page.getByRole('dialog', { name: 'QA scenarios' });
    await expect(panel).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // Dark like the app: not a white sheet beside it.
    const sheet = await panel.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(sheet).not.toBe('rgb(255, 255, 255)');
    await expectAccessible(page);
  });
});
