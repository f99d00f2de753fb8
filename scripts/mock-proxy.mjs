// npm run mock:proxy -- --upstream URL [--port N] [--strict] [--quiet] [--verbose]
// A validating proxy in front of a real backend, for backend developers:
//   client → front (--port) → Prism proxy (--errors) → tap → backend
// (scripts/lib/validating-proxy.mjs). Prism checks every request and response against
// openapi/openapi.yaml; the front prints, per violation, the operation, the request id, the JSON
// path, the rule, the received value and, for the hash, the expected and received hash. An
// undeclared status (and, with --strict, an undeclared field) is an error: Prism only warns (or
// says nothing), so the front answers 500. Any signal, or the parent (npm) going away, stops Prism
// with it.
import http from 'node:http';
import path from 'node:path';
import { DOC_PATH, REPO_ROOT } from './lib/contract.mjs';
import { HASH_HEADER, formatExchange, replacementAnswer } from './lib/proxy-report.mjs';
import { REQUEST_ID, startValidatingProxy } from './lib/validating-proxy.mjs';

const USAGE = `usage: npm run mock:proxy -- --upstream URL [--port N] [--strict] [--quiet] [--verbose]
  --upstream URL  base URL of the real backend, e.g. http://localhost:8080/api/v1
  --port N        port to listen on (default: MOCK_PORT, else 4010)
  --strict        also flag response fields the contract does not declare (as errors)
  --quiet         print only the requests with a violation (not one line per valid request)
  --verbose       also print Prism's own log`;

function fail(message) {
  console.error(`mock:proxy: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = {
    port: process.env.MOCK_PORT || '4010',
    strict: false,
    quiet: false,
    verbose: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flag === '--strict' || flag === '--quiet' || flag === '--verbose') {
      options[flag.slice(2)] = true;
      continue;
    }
    if (flag !== '--upstream' && flag !== '--port') fail(`unknown argument ${argv[i]}`);
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') fail(`${flag} needs a value`);
    options[flag.slice(2)] = value;
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
if (!options.upstream) fail('--upstream URL is required');
let upstream;
try {
  upstream = new URL(options.upstream);
} catch {
  fail(`--upstream is not a URL: ${options.upstream}`);
}
if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
  fail(`--upstream must be an http(s) URL: ${options.upstream}`);
}
if (!/^\d+$/.test(options.port) || Number(options.port) > 65535) {
  fail(`--port is not a port number: ${options.port}`);
}

const log = (line) => process.stdout.write(`${line}\n`);

// --- stopping: any signal, an error, or the parent going away stops Prism too ---------------
let proxy;
let stopping = false;
let front;
function stop(code, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) log(`mock:proxy: ${reason}, stopping Prism and exiting`);
  front?.close();
  if (proxy) proxy.stop().then(() => process.exit(code));
  else process.exit(code);
}
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
  ['SIGQUIT', 3],
]) {
  process.on(signal, () => stop(128 + number, `${signal} received`));
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
function serve(req, res) {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    const result = await proxy.exchange({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks),
    });
    const { id, label, violations, replace } = result;
    if (result.prismError) {
      log(`✖ [${id}] ${label} → Prism did not answer: ${result.prismError}`);
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
  });
}

try {
  proxy = await startValidatingProxy({
    upstream,
    strict: options.strict,
    verbose: options.verbose,
  });
  proxy.onExit((code, signal, prismLog) => {
    console.error(`mock:proxy: Prism exited (${signal ?? code}):\n${prismLog}`);
    proxy = undefined;
    stop(1);
  });
  if (!stopping) {
    front = http.createServer(serve);
    await new Promise((resolve, reject) => {
      front.once('error', reject);
      front.listen(Number(options.port), '127.0.0.1', resolve);
    });
    log(
      `mock:proxy: listening on http://127.0.0.1:${options.port}, validating ${upstream.href} against ${path.relative(REPO_ROOT, DOC_PATH)}` +
        `${options.strict ? ' (strict: undeclared fields are errors)' : ''}; Prism pid ${proxy.prismPid} on port ${proxy.prismPort}`,
    );
    log(
      options.quiet
        ? `mock:proxy: quiet: only requests with a violation are printed (✖ [request id] operation, then one line per violation)`
        : `mock:proxy: one line per request: ✔ valid, ✖ [request id] operation and one line per violation (side, JSON path, rule, message, received value; expected and received ${HASH_HEADER})`,
    );
  }
} catch (error) {
  console.error(`mock:proxy: ${error instanceof Error ? error.message : error}`);
  stop(1);
}
