// @vitest-environment node
// The house's rules in lint (eslint.config.js): each rule fails on a violating import, and the
// imports the rules allow pass. The fixture is a small src/ tree written to a temporary folder and
// linted with the project's own config (ESLint run there, so paths classify as in the project).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** file → source. Every file also exports something so it is a module. */
const FIXTURE: Record<string, string> = {
  'src/lib/format.ts': 'export const format = 1;',
  'src/session/session.ts':
    "import { format } from '../lib/format';\nexport const session = format;",
  'src/telemetry/report.ts':
    "import { session } from '../session/session';\nexport const report = session;",
  'src/api/client.ts':
    "import { report } from '../telemetry/report';\nimport { format } from '../lib/format';\nexport const client = report + format;",
  'src/ui/button.tsx':
    "import { client } from '../api/client';\nexport const Button = () => client;",
  'src/features/alpha/alpha-page.tsx':
    "import { Button } from '../../ui/button';\nimport { helper } from './alpha-helper';\nexport const AlphaPage = () => [Button, helper];",
  'src/features/alpha/alpha-helper.ts': 'export const helper = 2;',
  'src/features/beta/beta-page.tsx': 'export const BetaPage = () => 3;',
  'src/app/routes.tsx':
    "export const routes = [() => import('../features/alpha/alpha-page'), () => import('../features/beta/beta-page')];",
  'src/main.tsx': "import { routes } from './app/routes';\nexport const main = routes;",

  // Violations, one per rule.
  'src/lib/reaches-up.ts': "import { client } from '../api/client';\nexport const up = client;",
  'src/lib/lazy-up.ts': "export const lazy = () => import('../ui/button');",
  'src/session/reads-telemetry.ts':
    "import { report } from '../telemetry/report';\nexport const r = report;",
  'src/telemetry/reads-api.ts': "import { client } from '../api/client';\nexport const c = client;",
  'src/api/reads-ui.ts': "export { Button } from '../ui/button';",
  'src/ui/reads-feature.tsx':
    "import { BetaPage } from '../features/beta/beta-page';\nexport const B = BetaPage;",
  'src/features/beta/reads-alpha.tsx':
    "import { helper } from '../alpha/alpha-helper';\nexport const stolen = helper;",
  'src/features/beta/reads-app.ts':
    "import { routes } from '../../app/routes';\nexport const r = routes;",
  'src/app/reads-main.ts': "import { main } from '../main';\nexport const m = main;",
  'src/lib/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;",
  'src/lib/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;",
  'src/shared/stray.ts': 'export const stray = 1;',
};

type Message = { ruleId: string | null; message: string };
let dir: string;
let byFile: Map<string, Message[]>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-rules-'));
  for (const [file, source] of Object.entries(FIXTURE)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), `${source}\n`);
  }
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'),
      '--config',
      path.join(ROOT, 'eslint.config.js'),
      '--format',
      'json',
      'src',
    ],
    { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(run.stdout, run.stderr).toMatch(/^\[/);
  const results = JSON.parse(run.stdout) as { filePath: string; messages: Message[] }[];
  byFile = new Map(
    results.map((r) => [path.relative(dir, r.filePath).split(path.sep).join('/'), r.messages]),
  );
}, 60_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const rules = (file: string) => (byFile.get(file) ?? []).map((m) => m.ruleId);
const text = (file: string) => (byFile.get(file) ?? []).map((m) => m.message).join('\n');

describe('house rules in lint', () => {
  it('lints every fixture file', () => {
    expect([...byFile.keys()].sort()).toEqual(Object.keys(FIXTURE).sort());
  });

  it('allows each layer to import the layers below it, and app to load pages lazily', () => {
    for (const file of [
      'src/lib/format.ts',
      'src/session/session.ts',
      'src/telemetry/report.ts',
      'src/api/client.ts',
      'src/ui/button.tsx',
      'src/features/alpha/alpha-page.tsx',
      'src/features/alpha/alpha-helper.ts',
      'src/app/routes.tsx',
      'src/main.tsx',
    ]) {
      expect(byFile.get(file), file).toEqual([]);
    }
  });

  it.each([
    ['src/lib/reaches-up.ts', 'lib must not import api'],
    ['src/lib/lazy-up.ts', 'lib must not import ui'],
    ['src/session/reads-telemetry.ts', 'session must not import telemetry'],
    ['src/telemetry/reads-api.ts', 'telemetry must not import api'],
    ['src/api/reads-ui.ts', 'api must not import ui'],
    ['src/ui/reads-feature.tsx', 'ui must not import features'],
    ['src/features/beta/reads-app.ts', 'features must not import app'],
  ])('a lower layer importing a higher one fails: %s', (file, message) => {
    expect(rules(file)).toEqual(['boundaries/dependencies']);
    expect(text(file)).toContain(message);
    expect(text(file)).toContain('lib <- session <- telemetry <- api <- ui <- features <- app');
  });

  it('a feature importing another feature fails, without per-feature configuration', () => {
    expect(rules('src/features/beta/reads-alpha.tsx')).toEqual(['boundaries/dependencies']);
    expect(text('src/features/beta/reads-alpha.tsx')).toBe(
      'feature beta must not import feature alpha: move what both need to src/ui (React) or src/lib (pure functions)',
    );
  });

  it('nothing imports src/main.tsx', () => {
    expect(rules('src/app/reads-main.ts')).toEqual(['boundaries/dependencies']);
    expect(text('src/app/reads-main.ts')).toContain('src/main.tsx is the top');
  });

  it('an import cycle fails', () => {
    expect(rules('src/lib/cycle-a.ts')).toEqual(['import-x/no-cycle']);
    expect(rules('src/lib/cycle-b.ts')).toEqual(['import-x/no-cycle']);
  });

  it('a file outside every layer fails', () => {
    expect(rules('src/shared/stray.ts')).toEqual(['boundaries/no-unknown-files']);
  });
});
