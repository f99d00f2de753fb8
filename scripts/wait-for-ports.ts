// node --import tsx scripts/wait-for-ports.ts PORT... : waits until every port on 127.0.0.1
// accepts a connection (npm start starts the dev server once the sandbox and its contract proxy
// listen, so the first page a person opens is not a "network error"). Exits 1 after
// WAIT_TIMEOUT_MS (120 s).
import { waitForPort } from './lib/processes';

const until = Date.now() + Number(process.env.WAIT_TIMEOUT_MS ?? 120_000);
try {
  for (const port of process.argv.slice(2).map(Number)) {
    await waitForPort(port, { timeoutMs: Math.max(0, until - Date.now()) });
  }
} catch (error) {
  console.error(`wait-for-ports: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
