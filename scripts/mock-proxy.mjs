// npm run mock:proxy -- --upstream URL [--port N] [--strict] [--verbose]
// A validating proxy in front of a real backend, for backend developers. Three pieces in this one
// process:
//   client → front (--port) → Prism proxy (--errors, internal port) → tap (internal) → backend
// Prism checks every request and response against openapi/openapi.yaml; the tap keeps the
// backend's raw answer (status, headers, body) under the request id, so the front can print, per
// violation, the operation, the request id, the JSON path, the rule, the received value and, for
// the hash, the expected and received hash. An undeclared status (and, with --strict, an
// undeclared field) is an error: Prism only warns (or says nothing), so the front answers 500.
// Any signal, or the parent (npm) going away, stops Prism with it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import YAML from 'yaml';
import { DOC_PATH, REPO_ROOT, readStampedHash } from './lib/contract.mjs';
import {
  HASH_HEADER,
  findViolations,
  formatExchange,
  listOperations,
  matchOperation,
  operationLabel,
  replacementAnswer,
} from './lib/proxy-report.mjs';

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

const docText = fs.readFileSync(DOC_PATH, 'utf8');
const document = YAML.parse(docText);
const operations = listOperations(document);
const expectedHash = String(readStampedHash(docText));
const log = (line) => process.stdout.write(`${line}\n`);

// --- stopping: any signal, an error, or the parent going away stops Prism too ---------------
let prism;
let stopping = false;
const servers = [];
function stop(code, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) log(`mock:proxy: ${reason}, stopping Prism and exiting`);
  for (const server of servers) server.close();
  if (prism && prism.exitCode === null && prism.signalCode === null) {
    prism.kill('SIGTERM');
    const force = setTimeout(() => prism.kill('SIGKILL'), 3000);
    force.unref();
    prism.once('exit', () => process.exit(code));
  } else process.exit(code);
}
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
  ['SIGQUIT', 3],
]) {
  process.on(signal, () => stop(128 + number, `${signal} received`));
}
process.on('exit', () => {
  if (prism && prism.exitCode === null && prism.signalCode === null) prism.kill('SIGKILL');
});
process.on('uncaughtException', (error) => {
  console.error(error);
  stop(1, 'internal error');
});
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop(1, 'parent process gone');
}, 1000).unref();

// --- the tap: Prism's upstream, recording the backend's raw answers ---------------------------
const records = new Map();
const REQUEST_ID = 'x-request-id';
const upstreamBase = upstream.pathname.replace(/\/$/, '');
const tap = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const id = String(req.headers[REQUEST_ID] ?? '');
    const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const client = upstream.protocol === 'https:' ? https : http;
    const forward = client.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: `${upstreamBase}${req.url}`,
        headers,
      },
      (answer) => {
        const body = [];
        answer.on('data', (chunk) => body.push(chunk));
        answer.on('end', () => {
          const buffer = Buffer.concat(body);
          if (id) {
            records.set(id, {
              status: answer.statusCode,
              headers: answer.headers,
              body: buffer.toString('utf8'),
            });
            setTimeout(() => records.delete(id), 60_000).unref();
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(buffer);
        });
      },
    );
    forward.on('error', (error) => {
      if (id) records.set(id, { error: String(error.message) });
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`mock:proxy could not reach the backend: ${error.message}`);
    });
    forward.end(Buffer.concat(chunks));
  });
});

// --- the front: what clients talk to ----------------------------------------------------------
let prismPort;
const front = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const id = String(req.headers[REQUEST_ID] || randomBytes(4).toString('hex'));
    const operation = matchOperation(operations, req.method ?? 'GET', req.url ?? '/');
    const label = operationLabel(operation, req.method ?? 'GET', req.url ?? '/');
    const toPrism = http.request(
      {
        hostname: '127.0.0.1',
        port: prismPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, [REQUEST_ID]: id },
      },
      (answer) => {
        const body = [];
        answer.on('data', (chunk) => body.push(chunk));
        answer.on('end', () => {
          const buffer = Buffer.concat(body);
          const backend = records.get(id);
          records.delete(id);
          const reached = backend && !backend.error ? backend : undefined;
          const { violations, replace } = findViolations({
            document,
            operation,
            prism: {
              status: answer.statusCode ?? 0,
              headers: answer.headers,
              body: buffer.toString('utf8'),
            },
            backend: reached,
            strict: options.strict,
            expectedHash,
          });
          if (backend?.error) {
            violations.push({
              side: 'response',
              where: 'connection',
              rule: 'unreachable',
              message: `the backend could not be reached: ${backend.error}`,
            });
          }
          let status = answer.statusCode ?? 502;
          if (replace) {
            status = 500;
            const problem = JSON.stringify(replacementAnswer(violations));
            res.writeHead(500, {
              'content-type': 'application/problem+json',
              'sl-violations': JSON.stringify(replacementAnswer(violations).validation),
              [REQUEST_ID]: id,
            });
            res.end(problem);
          } else {
            res.writeHead(status, { ...answer.headers, [REQUEST_ID]: id });
            res.end(buffer);
          }
          if (options.quiet && violations.length === 0) return;
          for (const line of formatExchange({
            id,
            label,
            backendStatus: reached?.status,
            status,
            violations,
          })) {
            log(line);
          }
        });
      },
    );
    toPrism.on('error', (error) => {
      log(`✖ [${id}] ${label} → Prism did not answer: ${error.message}`);
      res.writeHead(502, { 'content-type': 'text/plain', [REQUEST_ID]: id });
      res.end('mock:proxy: Prism did not answer');
    });
    toPrism.end(Buffer.concat(chunks));
  });
});

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });
}

async function freePort() {
  const probe = net.createServer();
  const port = await listen(probe, 0);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForPort(port, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (stopping || prism.exitCode !== null) return false;
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

try {
  const tapPort = await listen(tap, 0);
  servers.push(tap);
  prismPort = await freePort();
  const prismLog = [];
  prism = spawn(
    process.execPath,
    [
      '--require',
      path.join(REPO_ROOT, 'scripts', 'lib', 'exit-with-parent.cjs'),
      path.join(REPO_ROOT, 'node_modules', '.bin', 'prism'),
      'proxy',
      DOC_PATH,
      `http://127.0.0.1:${tapPort}`,
      '--errors',
      '--port',
      String(prismPort),
      '--host',
      '127.0.0.1',
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [prism.stdout, prism.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      prismLog.push(text);
      if (prismLog.length > 50) prismLog.shift();
      if (options.verbose) process.stdout.write(text.replace(/^/gm, 'prism │ '));
    });
  }
  prism.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`mock:proxy: Prism exited (${signal ?? code}):\n${prismLog.join('')}`);
      stop(1);
    }
  });
  if (!(await waitForPort(prismPort, 90_000))) {
    if (!stopping) {
      console.error(`mock:proxy: Prism did not start:\n${prismLog.join('')}`);
      stop(1);
    }
  } else {
    await listen(front, Number(options.port));
    servers.push(front);
    log(
      `mock:proxy: listening on http://127.0.0.1:${options.port}, validating ${upstream.href} against ${path.relative(REPO_ROOT, DOC_PATH)}` +
        `${options.strict ? ' (strict: undeclared fields are errors)' : ''}; Prism pid ${prism.pid} on port ${prismPort}`,
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
