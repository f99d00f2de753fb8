// npm run contract:verify -- --upstream URL [--token T | --email E --password P] [--only ids]
//                            [--read-only] [--include-irreversible] [--strict] [--list] [--verbose]
// Sends the console's calls (scripts/lib/verify-plan.ts) to a running server through Prism's
// validating proxy (scripts/lib/validating-proxy.ts, the same check as npm run mock:proxy) and
// checks every answer: its status is declared (and is the one the console's flow needs), its body
// and headers are valid, its openapi-hash is there and equal; a success body must also pass the
// console's own generated validators. One line per call, a summary per operation, exit 1 on any
// violation (or a failed login). The run itself is scripts/lib/verify-run.ts.
import { portOpen } from './lib/processes';
import { type ValidatingProxy, startValidatingProxy } from './lib/validating-proxy';
import {
  USAGE,
  UsageError,
  type VerifyOptions,
  parseVerifyArgs,
  planLines,
  runVerify,
} from './lib/verify-run';

function usage(message: string): never {
  console.error(`contract:verify: ${message}\n\n${USAGE}`);
  process.exit(2);
}

let options: VerifyOptions;
try {
  options = parseVerifyArgs(process.argv.slice(2));
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

if (!options.upstream) usage('--upstream URL is required');
let upstream: URL;
try {
  upstream = new URL(options.upstream);
} catch {
  usage(`--upstream is not a URL: ${options.upstream}`);
}
if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
  usage(`--upstream must be an http(s) URL: ${options.upstream}`);
}

const log = (line: string) => process.stdout.write(`${line}\n`);

// Nothing listening there: say so once instead of one failure per operation.
const port = Number(upstream.port || (upstream.protocol === 'https:' ? 443 : 80));
if (!(await portOpen(port, upstream.hostname))) {
  console.error(`contract:verify: nothing answers at ${upstream.href}: start the server first`);
  process.exit(1);
}

let proxy: ValidatingProxy | undefined;
async function shutdown(code: number): Promise<never> {
  await proxy?.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    log(`contract:verify: ${signal} received, stopping (data it made may be left behind)`);
    void shutdown(130);
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
const { ok } = await runVerify({ options, proxy, consoleCheck: consoleViolation, log });
await shutdown(ok ? 0 : 1);
