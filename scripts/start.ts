// npm start: the console against the sandbox, every answer checked by the contract on the way:
//   browser → Vite dev server (DEV_PORT, :5173) ─ /api/v1 → validating proxy (MOCK_PORT, :4010:
//   Prism `proxy --errors`, scripts/mock-proxy.ts --strict) → sandbox (SANDBOX_PORT, :4020)
//                                               └ /__sandbox → sandbox (QA panel controls)
// npm run start:mock (--mock): the console against Prism's example mock on MOCK_PORT, as before.
// Ctrl-C, or any of the processes exiting, stops them all. Ports: README, Settings.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import concurrently from 'concurrently';
import { DOC_PATH, GENERATED_DIR, REPO_ROOT, scriptArgs } from './lib/paths';

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`start: ${name} must be a port number, got ${JSON.stringify(process.env[name])}`);
    process.exit(2);
  }
  return value;
};
const mode = process.argv.includes('--mock') ? 'mock' : 'sandbox';
const MOCK_PORT = port('MOCK_PORT', 4010);
const DEV_PORT = port('DEV_PORT', 5173);
const SANDBOX_PORT = port('SANDBOX_PORT', 4020);

const bin = (name: string) => JSON.stringify(path.join(REPO_ROOT, 'node_modules', '.bin', name));
/** A command line that runs one of the repository's TypeScript scripts. */
const script = (file: string, ...args: (string | number)[]) =>
  [process.execPath, ...scriptArgs(file), ...args.map(String)]
    .map((part) => (/^[\w./:=-]+$/.test(part) ? part : JSON.stringify(part)))
    .join(' ');
const generatedFiles = ['api.d.ts', 'openapi-hash.ts', 'component-schemas.ts'].map((name) =>
  path.join(GENERATED_DIR, name),
);

if (!generatedFiles.every((file) => fs.existsSync(file))) {
  console.log('start: generated/ is missing, running npm run generate first');
  const run = spawnSync(process.execPath, scriptArgs('scripts/generate.ts'), {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const vite = (waitFor: number[]) => ({
  name: 'vite',
  // The dev server starts once what it proxies to listens: the first page is never a network error.
  // `--configLoader runner`: vite.config.ts loads through Vite's module runner. The default loader
  // bundles it and warns about every extensionless import it follows (the config imports
  // scripts/lib and src, which import without extensions), 19 warnings before the first line.
  command: `${script('scripts/wait-for-ports.ts', ...waitFor)} && ${bin('vite')} --configLoader runner --port ${DEV_PORT} --strictPort`,
  prefixColor: 'cyan',
  env: {
    MOCK_URL: `http://127.0.0.1:${MOCK_PORT}`,
    ...(mode === 'sandbox' ? { SANDBOX_URL: `http://127.0.0.1:${SANDBOX_PORT}` } : {}),
    DEV_PORT: String(DEV_PORT),
  },
});

const commands =
  mode === 'mock'
    ? [
        {
          name: 'mock',
          command: `${bin('prism')} mock ${JSON.stringify(DOC_PATH)} --port ${MOCK_PORT} --host 127.0.0.1`,
          prefixColor: 'magenta',
        },
        vite([MOCK_PORT]),
      ]
    : [
        {
          name: 'sandbox',
          command: script('scripts/sandbox/server.ts'),
          prefixColor: 'green',
          env: { SANDBOX_PORT: String(SANDBOX_PORT), DEV_PORT: String(DEV_PORT) },
        },
        {
          name: 'contract',
          command: script(
            'scripts/mock-proxy.ts',
            '--upstream',
            `http://127.0.0.1:${SANDBOX_PORT}/api/v1`,
            '--port',
            MOCK_PORT,
            '--strict',
            '--quiet',
          ),
          prefixColor: 'magenta',
        },
        vite([SANDBOX_PORT, MOCK_PORT]),
      ];

const { result } = concurrently(commands, {
  cwd: REPO_ROOT,
  killOthersOn: ['failure', 'success'],
  prefix: 'name',
  handleInput: false,
});

console.log(
  mode === 'mock'
    ? `start: console on http://localhost:${DEV_PORT} against the Prism mock on http://127.0.0.1:${MOCK_PORT}`
    : `start: console on http://localhost:${DEV_PORT} against the sandbox (:${SANDBOX_PORT}) behind the contract proxy (:${MOCK_PORT}); log in with any email and password`,
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
