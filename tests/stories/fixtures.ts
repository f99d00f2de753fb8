// The story tests' fixtures: the e2e guards (a contract violation or a CSP violation fails the
// test), plus the sandbox process itself, started by the worker (with the test-only fault switch
// and a fresh folder for its worlds) so that a test can restart it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, SESSION_KEY } from '../e2e/fixtures';
import { SANDBOX_PORT } from './ports';

export { expect };

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;

export interface SandboxProcess {
  /** Stops the sandbox and starts it again on the same port and folder. */
  restart(): Promise<void>;
  /** A control endpoint of the sandbox (/__sandbox/...), straight to it. */
  control(route: string, body?: unknown, token?: string): Promise<unknown>;
  /** What the sandbox printed (worlds created, mail sent, ...). */
  readonly log: string;
  /** The folder it keeps its worlds in. */
  readonly dataDir: string;
}

async function waitForStatus(child: ChildProcess, read: () => string): Promise<void> {
  const until = Date.now() + 90_000;
  for (;;) {
    const answer = await fetch(`${SANDBOX_URL}/__sandbox/status`).catch(() => undefined);
    if (answer?.ok) return;
    if (child.exitCode !== null || Date.now() > until) {
      throw new Error(`the sandbox did not start on ${SANDBOX_URL}:\n${read()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const test = base.extend<object, { sandbox: SandboxProcess }>({
  sandbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-stories-'));
      let log = '';
      let child: ChildProcess | undefined;
      const start = async () => {
        child = spawn(
          process.execPath,
          [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/sandbox/server.ts'],
          {
            cwd: ROOT,
            env: {
              ...process.env,
              SANDBOX_PORT: String(SANDBOX_PORT),
              SANDBOX_DATA_DIR: dataDir,
              SANDBOX_FAULTS: '1',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
        await waitForStatus(child, () => log);
      };
      const stop = async () => {
        if (!child || child.exitCode !== null) return;
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      };
      await start();
      await use({
        async restart() {
          await stop();
          await start();
        },
        async control(route, body, token) {
          const answer = await fetch(`${SANDBOX_URL}/__sandbox${route}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token ? { Authorization: `Bearer ${token}` } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const data = (await answer.json()) as unknown;
          if (!answer.ok) throw new Error(`${route}: ${answer.status} ${JSON.stringify(data)}`);
          return data;
        },
        get log() {
          return log;
        },
        dataDir,
      });
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000, auto: true },
  ],
});

/** The toast of a finished action (SPEC §8 texts). */
export async function toast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/** Logs in through the API (as the login form does) and starts the page with that session. */
export async function signIn(
  page: Page,
  request: APIRequestContext,
  email: string,
): Promise<string> {
  const answer = await request.post('/api/v1/user/login', {
    data: { email, password: 'any password' },
  });
  expect(answer.status()).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  await page.addInitScript(
    ([key, value]) => {
      if (!window.sessionStorage.getItem('story.signed-in')) {
        window.localStorage.setItem(key, value);
        window.sessionStorage.setItem('story.signed-in', '1');
      }
    },
    [
      SESSION_KEY,
      JSON.stringify({
        token,
        adminToken: null,
        activeTeamId: null,
        deviceOrderBy: 'deviceName',
        deviceOrderDirection: 'asc',
      }),
    ] as const,
  );
  return token;
}

export const TEAM = {
  engineering: '7e000000-0000-4000-8000-000000000001',
  design: '7e000000-0000-4000-8000-000000000002',
  sales: '7e000000-0000-4000-8000-000000000003',
} as const;
export const FRANK_LAPTOP = 'de000000-0000-4000-8000-000000000001';
