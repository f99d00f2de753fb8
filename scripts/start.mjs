// npm start: the Prism mock (:4010) and the Vite dev server (:5173) together.
// Ctrl-C, or either process exiting, stops both. MOCK_PORT and DEV_PORT move them (README, Settings).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import concurrently from 'concurrently';
import { DOC_PATH, GENERATED_DIR, REPO_ROOT } from './lib/contract.mjs';

const port = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`start: ${name} must be a port number, got ${JSON.stringify(process.env[name])}`);
    process.exit(2);
  }
  return value;
};
const MOCK_PORT = port('MOCK_PORT', 4010);
const DEV_PORT = port('DEV_PORT', 5173);

const bin = (name) => JSON.stringify(path.join(REPO_ROOT, 'node_modules', '.bin', name));
const generatedFiles = ['api.d.ts', 'openapi-hash.ts'].map((name) =>
  path.join(GENERATED_DIR, name),
);

if (!generatedFiles.every((file) => fs.existsSync(file))) {
  console.log('start: generated/ is missing, running npm run generate first');
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'generate.mjs')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const { result } = concurrently(
  [
    {
      name: 'mock',
      command: `${bin('prism')} mock ${JSON.stringify(DOC_PATH)} --port ${MOCK_PORT} --host 127.0.0.1`,
      prefixColor: 'magenta',
    },
    {
      name: 'vite',
      command: `${bin('vite')} --port ${DEV_PORT} --strictPort`,
      prefixColor: 'cyan',
      env: { MOCK_URL: `http://127.0.0.1:${MOCK_PORT}` },
    },
  ],
  {
    cwd: REPO_ROOT,
    killOthersOn: ['failure', 'success'],
    prefix: 'name',
    handleInput: false,
  },
);

console.log(
  `start: console on http://localhost:${DEV_PORT} against the Prism mock on http://127.0.0.1:${MOCK_PORT}`,
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
