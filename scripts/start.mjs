// npm start: the Prism mock (MOCK_PORT, default 4010) and the Vite dev server (DEV_PORT, default
// 5173) together. Ctrl-C, or either process exiting, stops both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import concurrently from 'concurrently';
import { DOC_PATH, GENERATED_DIR, REPO_ROOT } from './lib/contract.mjs';

function portFrom(name, fallback) {
  const value = process.env[name] || String(fallback);
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`start: ${name}=${value} is not a port number`);
    process.exit(2);
  }
  return Number(value);
}
// vite.config.ts reads the same MOCK_PORT (inherited) for its /api/v1 proxy.
const mockPort = portFrom('MOCK_PORT', 4010);
const devPort = portFrom('DEV_PORT', 5173);

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
      command: `${bin('prism')} mock ${JSON.stringify(DOC_PATH)} --port ${mockPort} --host 127.0.0.1`,
      prefixColor: 'magenta',
    },
    {
      name: 'vite',
      command: `${bin('vite')} --port ${devPort} --strictPort`,
      prefixColor: 'cyan',
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
  `start: console on http://localhost:${devPort} against the Prism mock on http://127.0.0.1:${mockPort}`,
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
