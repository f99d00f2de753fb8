// npm run mock:proxy -- --upstream URL [--port N] [--strict] [--quiet] [--verbose]
// A validating proxy in front of a real backend, for backend developers:
//   client → front (--port) → Prism proxy (--errors) → tap → backend
// (scripts/lib/validating-proxy.ts). Prism checks every request and response against
// openapi/openapi.yaml; the front prints, per violation, the operation, the request id, the JSON
// path, the rule, the received value and, for the hash, the expected and received hash. An
// undeclared status (and, with --strict, an undeclared field) is an error: Prism only warns (or
// says nothing), so the front answers 500. Any signal, or the parent (npm) going away, stops Prism
// with it.
import http from 'node:http';
import os from 'node:os';
import { buffer as readAll } from 'node:stream/consumers';
import { DOC_PATH, repoPath } from './lib/paths';
import { listen } from './lib/processes';
import { HASH_HEADER, formatExchange, replacementAnswer } from './lib/proxy-report';
import {
  REQUEST_ID,
  type ValidatingProxy,
  startValidatingProxy,
  upstreamUrl,
} from './lib/validating-proxy';

const USAGE = `usage: npm run mock:proxy -- --upstream URL [--port N] [--strict] [--quiet] [--verbose]
  --upstream URL  base URL of the real backend, e.g. http://localhost:8080/api/v1
  --port N        port to listen on (default: MOCK_PORT, else 4010)
  --strict        also flag response fields the contract does not declare (as errors)
  --quiet         print only the requests with a violation (not one line per valid request)
  --verbose       also print Prism's own log`;

function fail(message: string): never {
  console.error(`mock:proxy: ${message}\n\n${USAGE}`);
  process.exit(2);
}

interface Options {
  upstream?: string;
  port: string;
  strict: boolean;
  quiet: boolean;
  verbose: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    port: process.env.MOCK_PORT || '4010',
    strict: false,
    quiet: false,
    verbose: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = argv[i]!.split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag === '--strict' || flag === '--quiet' || flag === '--verbose') {
      options[flag.slice(2) as 'strict' | 'quiet' | 'verbose'] = true;
      continue;
    }
    if (flag !== '--upstream' && flag !== '--port') fail(`unknown argument ${argv[i]}`);
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') fail(`${flag} needs a value`);
    options[flag.slice(2) as 'upstream' | 'port'] = value;
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const upstream = upstreamUrl(options.upstream, fail);
if (!/^\d+$/.test(options.port) || Number(options.port) > 65535) {
  fail(`--port is not a port number: ${options.port}`);
}

const log = (line: string) => process.stdout.write(`${line}\n`);

// --- stopping: any signal, an error, or the parent going away stops Prism too ---------------
let proxy: ValidatingProxy | undefined;
let stopping = false;
let front: http.Server | undefined;
// A parent that is gone may take the reader of stdout and stderr with it: a write then fails
// (EPIPE), which must not become an uncaught error that logs to the same pipe and fails again.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
function stop(code: number, reason?: string) {
  if (stopping) return;
  stopping = true;
  // Exits even when Prism does not say it has stopped: an orphaned proxy whose parent had been
  // killed once stayed up for an hour, busy, holding its port against the next test run.
  setTimeout(() => process.exit(code), 5000);
  if (reason) log(`mock:proxy: ${reason}, stopping Prism and exiting`);
  front?.close();
  if (proxy) void proxy.stop().then(() => process.exit(code));
  else process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const) {
  process.on(signal, () => stop(128 + os.constants.signals[signal], `${signal} received`));
}
process.on('uncaughtException', (error) => {
  console.error(error);
  stop(1, 'internal error');
});
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop(1, 'parent process gone');
}, 1000).unref();

// --- the front: what clients talk to ----------------------------------------------------------
async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
  const body = await readAll(req);
  if (!proxy) return;
  const result = await proxy.exchange({
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: req.headers,
    body,
  });
  const { id, label, violations, replace } = result;
  if (result.prismError || !result.prism) {
    log(`✖ [${id}] ${label} → Prism did not answer: ${result.prismError ?? 'no answer'}`);
    res.writeHead(502, { 'content-type': 'text/plain', [REQUEST_ID]: id });
    res.end('mock:proxy: Prism did not answer');
    return;
  }
  let status = result.prism.status || 502;
  if (replace) {
    status = 500;
    const answer = replacementAnswer(violations);
    res.writeHead(500, {
      'content-type': 'application/problem+json',
      'sl-violations': JSON.stringify(answer.validation),
      [REQUEST_ID]: id,
    });
    res.end(JSON.stringify(answer));
  } else {
    res.writeHead(status, { ...result.prism.headers, [REQUEST_ID]: id });
    res.end(result.prism.buffer);
  }
  if (options.quiet && violations.length === 0) return;
  for (const line of formatExchange({
    id,
    label,
    backendStatus: result.backend?.status,
    status,
    violations,
  })) {
    log(line);
  }
}

try {
  const started = await startValidatingProxy({
    upstream,
    strict: options.strict,
    verbose: options.verbose,
  });
  proxy = started;
  started.onExit((code, signal, prismLog) => {
    console.error(`mock:proxy: Prism exited (${signal ?? code}):\n${prismLog}`);
    proxy = undefined;
    stop(1);
  });
  if (!stopping) {
    const server = http.createServer(serve);
    front = server;
    await listen(server, Number(options.port));
    log(
      `mock:proxy: listening on http://127.0.0.1:${options.port}, validating ${upstream.href} against ${repoPath(DOC_PATH)}` +
        `${options.strict ? ' (strict: undeclared fields are errors)' : ''}; Prism pid ${started.prismPid} on port ${started.prismPort}`,
    );
    log(
      options.quiet
        ? `mock:proxy: quiet: only requests with a violation are printed (✖ [request id] operation, then one line per violation)`
        : `mock:proxy: one line per request: ✔ valid, ✖ [request id] operation and one line per violation (side, JSON path, rule, message, received value; expected and received ${HASH_HEADER})`,
    );
  }
} catch (error) {
  console.error(`mock:proxy: ${error instanceof Error ? error.message : String(error)}`);
  stop(1);
}
