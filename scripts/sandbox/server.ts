// npm run sandbox: the stateful backend of the contract on SANDBOX_PORT (default 4020), its paths
// under /api/v1 and its controls under /__sandbox. Worlds and sessions are kept in SANDBOX_DATA_DIR
// (default .sandbox/, git-ignored; one sandbox per folder; worlds unused and sessions older than
// SANDBOX_MAX_AGE_DAYS, default 30, are dropped at start). SANDBOX_FAULTS=1 turns on the test-only
// fault switch. It listens on 127.0.0.1 and answers this machine only (http.ts, `refusal`).
import path from 'node:path';
import { createServer } from '@mswjs/http-middleware';
import { REPO_ROOT } from '../lib/paths';
import { sandboxHandlers } from './handlers';
import { Sandbox } from './sandbox';

const port = Number(process.env.SANDBOX_PORT ?? 4020);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(
    `sandbox: SANDBOX_PORT must be a port number, got ${JSON.stringify(process.env.SANDBOX_PORT)}`,
  );
  process.exit(2);
}
const dataDir = path.resolve(REPO_ROOT, process.env.SANDBOX_DATA_DIR ?? '.sandbox');
const faults = process.env.SANDBOX_FAULTS === '1';

const sandbox = await Sandbox.open({
  dataDir,
  faults,
  maxAgeDays: Number(process.env.SANDBOX_MAX_AGE_DAYS ?? 30),
  log: (line) => console.log(line),
}).catch((error: unknown) => {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
process.on('exit', () => sandbox.close());
const server = createServer(...sandboxHandlers(sandbox)).listen(port, '127.0.0.1', () => {
  console.log(
    `sandbox: http://127.0.0.1:${port}/api/v1 (${sandbox.size} world(s) in ${path.relative(REPO_ROOT, dataDir) || dataDir}` +
      `${faults ? '; fault switch ON (tests only)' : ''})`,
  );
});
server.on('error', (error: Error) => {
  console.error(`sandbox: ${error.message}`);
  process.exit(1);
});

const stop = (signal: string) => {
  console.log(`sandbox: ${signal}, stopping`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => stop(signal));
