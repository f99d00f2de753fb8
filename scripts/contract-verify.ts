// npm run contract:verify -- --upstream URL [--token T | --email E --password P] [--only ids]
//   [--read-only | --allow-writes=HOST] [--touch-existing-data] [--change-password]
//   [--include-irreversible] [--strict] [--list] [--verbose]
// Sends the console's calls (scripts/lib/verify-plan.ts) to a running server through Prism's
// validating proxy (scripts/lib/validating-proxy.ts, the same check as npm run mock:proxy) and
// checks every answer: its status is declared (and is the one the console's flow needs), its body
// and headers are valid, its openapi-hash is there and equal; a success body must also pass the
// console's own generated validators. One line per call, a summary per operation, exit 1 on any
// violation (or a failed login).
// What it may change (verify-run.ts runMode): nothing on a server that is not on this machine
// unless --allow-writes names its host; data it did not make only with that data's flag, each
// listed before the first call. Ctrl-C (SIGINT, SIGTERM) lets the call in flight finish, undoes
// what the run changed and prints what it could not undo (the temporary password included); so
// does a crash of a step. Whatever ends the process early prints what is left behind.
import { portOpen } from './lib/processes';
import { type ValidatingProxy, startValidatingProxy, upstreamUrl } from './lib/validating-proxy';
import {
  type RunMode,
  USAGE,
  UsageError,
  type VerifyOptions,
  type VerifyRun,
  parseVerifyArgs,
  planLines,
  runMode,
  startVerify,
} from './lib/verify-run';

function usage(message: string): never {
  console.error(`contract:verify: ${message}\n\n${USAGE}`);
  process.exit(2);
}

let options: VerifyOptions;
let mode: RunMode;
try {
  options = parseVerifyArgs(process.argv.slice(2));
  mode = runMode(options);
} catch (error) {
  if (error instanceof UsageError) usage(error.message);
  throw error;
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
if (options.list) {
  for (const line of planLines(options)) console.log(line);
  process.exit(0);
}

const upstream = upstreamUrl(options.upstream, usage);

const log = (line: string) => process.stdout.write(`${line}\n`);

// Nothing listening there: say so once instead of one failure per operation.
const port = Number(upstream.port || (upstream.protocol === 'https:' ? 443 : 80));
if (!(await portOpen(port, upstream.hostname))) {
  console.error(`contract:verify: nothing answers at ${upstream.href}: start the server first`);
  process.exit(1);
}

let proxy: ValidatingProxy | undefined;
// The run once started, and whether its summary (with what it left behind) was printed.
const current: { run?: VerifyRun; finished?: boolean } = {};
async function shutdown(code: number): Promise<never> {
  await proxy?.stop();
  process.exit(code);
}
// However the process ends before the run's summary (Prism gone, an uncaught error), what the run
// left on the server is printed (writes to stdout are synchronous for files, pipes and terminals).
process.on('exit', () => {
  const { run, finished } = current;
  if (finished || !run) return;
  const left = run.leftBehind();
  if (left.length === 0) return;
  process.stdout.write(`contract:verify: ended early; left behind on ${upstream.host}:\n`);
  for (const line of left) process.stdout.write(`  ⚠ left behind: ${line}\n`);
});
// The first signal stops the run after the call in flight and undoes what it changed. A signal
// often comes twice (the terminal's and npm's forwarded copy): a later one does not cut the
// clean-ups short, it prints what would stay if they never finished.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    const { run } = current;
    if (!run) {
      log(`contract:verify: ${signal} received before the first call: nothing was sent`);
      void shutdown(130);
      return;
    }
    const left = run.leftBehind();
    if (run.stop(signal)) return;
    log(
      `contract:verify: ${signal} again: the clean-ups go on (kill -9 ${process.pid} ends them); left behind so far:${left.length > 0 ? '' : ' nothing'}`,
    );
    for (const line of left) log(`  ⚠ ${line}`);
  });
}

try {
  proxy = await startValidatingProxy({
    upstream,
    strict: options.strict,
    verbose: options.verbose,
  });
} catch (error) {
  console.error(`contract:verify: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
proxy.onExit((code, signal, prismLog) => {
  console.error(`contract:verify: Prism exited (${signal ?? code}):\n${prismLog}`);
  process.exit(1);
});
// The console's validators (generated/ and src/api), every operation's loaded up front.
const { consoleViolation } = await import('./lib/console-answers');
current.run = startVerify({ options, mode, proxy, consoleCheck: consoleViolation, log });
const { ok, stopped } = await current.run.done;
current.finished = true;
await shutdown(stopped ? 130 : ok ? 0 : 1);
