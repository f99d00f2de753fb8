// Prism's validating proxy with a tap, shared by `npm run mock:proxy` and `npm run contract:verify`:
//   caller → Prism proxy (--errors, internal port) → tap (internal) → backend
// Prism checks every request and response against openapi/openapi.yaml; the tap keeps the backend's
// raw answer (status, headers, body) under the request id, so that `exchange` can say, per request,
// what the backend answered and every violation (scripts/lib/proxy-report.mjs findViolations).
// Prism is started with scripts/lib/exit-with-parent.cjs: it exits when this process dies.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import YAML from 'yaml';
import { DOC_PATH, REPO_ROOT, readStampedHash } from './contract.mjs';
import { findViolations, listOperations, matchOperation, operationLabel } from './proxy-report.mjs';

export const REQUEST_ID = 'x-request-id';

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

async function freePort() {
  const probe = net.createServer();
  const port = await listen(probe, 0);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts the tap and Prism in front of `upstream` (a URL: the API base, e.g.
 * http://localhost:8080/api/v1). `strict` also flags response fields the contract does not declare.
 * Resolves once Prism listens:
 * { document, operations, expectedHash, prismPort, prismPid, exchange, stop, onExit }.
 * `log` receives Prism's output when `verbose`; `onExit(code, signal, log)` is called when Prism
 * exits on its own.
 */
export async function startValidatingProxy({
  upstream,
  docPath = DOC_PATH,
  strict = false,
  verbose = false,
  log = (text) => process.stdout.write(text),
  startTimeoutMs = 90_000,
}) {
  const docText = fs.readFileSync(docPath, 'utf8');
  const document = YAML.parse(docText, { maxAliasCount: -1 });
  const operations = listOperations(document);
  const expectedHash = String(readStampedHash(docText));
  const upstreamBase = upstream.pathname.replace(/\/$/, '');
  const records = new Map();
  let stopping = false;
  let exitListener = () => {};

  // The tap: Prism's upstream, recording the backend's raw answers.
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
        res.end(`the validating proxy could not reach the backend: ${error.message}`);
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  const tapPort = await listen(tap, 0);
  const prismPort = await freePort();
  const prismLog = [];
  const prism = spawn(
    process.execPath,
    [
      '--require',
      path.join(REPO_ROOT, 'scripts', 'lib', 'exit-with-parent.cjs'),
      path.join(REPO_ROOT, 'node_modules', '.bin', 'prism'),
      'proxy',
      docPath,
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
      if (verbose) log(text.replace(/^/gm, 'prism │ '));
    });
  }
  prism.on('exit', (code, signal) => {
    if (!stopping) exitListener(code, signal, prismLog.join(''));
  });

  async function stop() {
    if (stopping) return;
    stopping = true;
    tap.close();
    if (prism.exitCode === null && prism.signalCode === null) {
      const exited = new Promise((resolve) => prism.once('exit', resolve));
      prism.kill('SIGTERM');
      const force = setTimeout(() => prism.kill('SIGKILL'), 3000);
      force.unref();
      await exited;
      clearTimeout(force);
    }
  }
  process.on('exit', () => {
    if (prism.exitCode === null && prism.signalCode === null) prism.kill('SIGKILL');
  });

  const until = Date.now() + startTimeoutMs;
  let up = false;
  while (!up && Date.now() < until && prism.exitCode === null && prism.signalCode === null) {
    up = await portOpen(prismPort);
    if (!up) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!up) {
    await stop();
    throw new Error(`Prism did not start:\n${prismLog.join('')}`);
  }

  /**
   * One request through Prism: { id, operation, label, prism: {status, headers, body}, backend?,
   * backendError?, violations, replace }. `body` is a Buffer or string (or undefined).
   */
  function exchange({ method, url, headers = {}, body }) {
    const id = String(headers[REQUEST_ID] || randomBytes(4).toString('hex'));
    const operation = matchOperation(operations, method, url);
    const label = operationLabel(operation, method, url);
    const sent = { ...headers, [REQUEST_ID]: id };
    // A body with its length (a chunked DELETE body gets Prism's bare 400).
    if (body !== undefined && body.length > 0 && sent['content-length'] === undefined) {
      sent['content-length'] = String(Buffer.byteLength(body));
    }
    return new Promise((resolve) => {
      const toPrism = http.request(
        { hostname: '127.0.0.1', port: prismPort, method, path: url, headers: sent },
        (answer) => {
          const chunks = [];
          answer.on('data', (chunk) => chunks.push(chunk));
          answer.on('end', () => {
            const buffer = Buffer.concat(chunks);
            const record = records.get(id);
            records.delete(id);
            const backend = record && !record.error ? record : undefined;
            const prismAnswer = {
              status: answer.statusCode ?? 0,
              headers: answer.headers,
              body: buffer.toString('utf8'),
              buffer,
            };
            const { violations, replace } = findViolations({
              document,
              operation,
              prism: prismAnswer,
              backend,
              strict,
              expectedHash,
            });
            if (record?.error) {
              violations.push({
                side: 'response',
                where: 'connection',
                rule: 'unreachable',
                message: `the backend could not be reached: ${record.error}`,
              });
            }
            resolve({ id, operation, label, prism: prismAnswer, backend, violations, replace });
          });
        },
      );
      toPrism.on('error', (error) => {
        resolve({
          id,
          operation,
          label,
          prismError: error.message,
          violations: [
            {
              side: 'request',
              where: 'connection',
              rule: 'prism',
              message: `Prism did not answer: ${error.message}`,
            },
          ],
          replace: false,
        });
      });
      toPrism.end(body);
    });
  }

  return {
    document,
    operations,
    expectedHash,
    prismPort,
    prismPid: prism.pid,
    exchange,
    stop,
    onExit(listener) {
      exitListener = listener;
    },
  };
}
