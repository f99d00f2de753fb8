// Prism's validating proxy with a tap, shared by `npm run mock:proxy` and `npm run contract:verify`:
//   caller → Prism proxy (--errors, internal port) → tap (internal) → backend
// Prism checks every request and response against openapi/openapi.yaml; the tap keeps the backend's
// raw answer (status, headers, body) under the request id, so that `exchange` can say, per request,
// what the backend answered and every violation (scripts/lib/proxy-report.ts findViolations).
// Prism is started with scripts/lib/exit-with-parent.cjs: it exits when this process dies.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { buffer as readAll } from 'node:stream/consumers';
import { readStampedHash } from './contract-hash';
import { matchOperation } from './contract-rules';
import { type OpenApiDocument, parseDocument } from './openapi-doc';
import { DOC_PATH } from './paths';
import { freePort, listen, prismCommand, startProcess, waitForPort } from './processes';
import {
  type Exchange,
  type ProxyOperation,
  type Violation,
  findViolations,
  operationLabel,
  proxyOperations,
} from './proxy-report';

export const REQUEST_ID = 'x-request-id';

/** The backend's raw answer as the tap recorded it (or why it could not be reached). */
type TapRecord = (Exchange & { error?: undefined }) | { error: string };

/** Prism's answer, with its body as bytes too. */
export type PrismAnswer = Exchange & { buffer: Buffer };

/** One request through Prism, and what was wrong with it. */
export interface ExchangeResult {
  id: string;
  operation: ProxyOperation | undefined;
  label: string;
  prism?: PrismAnswer;
  prismError?: string;
  backend?: Exchange;
  violations: Violation[];
  replace: boolean;
}

export interface ValidatingProxy {
  document: OpenApiDocument;
  operations: ProxyOperation[];
  expectedHash: string;
  prismPort: number;
  prismPid: number | undefined;
  exchange(request: {
    method: string;
    url: string;
    headers?: http.OutgoingHttpHeaders;
    body?: Buffer | string;
  }): Promise<ExchangeResult>;
  /** Points the tap at another backend (the next requests go there). */
  setUpstream(upstream: URL): void;
  stop(): Promise<void>;
  onExit(listener: (code: number | null, signal: NodeJS.Signals | null, log: string) => void): void;
}

/** The URL of --upstream, an http(s) URL; `fail` gets what is wrong with it. */
export function upstreamUrl(value: string | undefined, fail: (message: string) => never): URL {
  if (!value) fail('--upstream URL is required');
  if (!URL.canParse(value)) fail(`--upstream is not a URL: ${value}`);
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`--upstream must be an http(s) URL: ${value}`);
  }
  return url;
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
  upstream: firstUpstream,
  docPath = DOC_PATH,
  strict = false,
  verbose = false,
  log = (text: string) => process.stdout.write(text),
  startTimeoutMs = 90_000,
}: {
  upstream: URL;
  docPath?: string;
  strict?: boolean;
  verbose?: boolean;
  log?: (text: string) => void;
  startTimeoutMs?: number;
}): Promise<ValidatingProxy> {
  const docText = fs.readFileSync(docPath, 'utf8');
  const document = parseDocument(docText);
  const operations = proxyOperations(document);
  const expectedHash = String(readStampedHash(docText));
  let upstream = firstUpstream;
  const records = new Map<string, TapRecord>();
  let stopping = false;
  let exitListener: (
    code: number | null,
    signal: NodeJS.Signals | null,
    log: string,
  ) => void = () => {};

  // The tap: Prism's upstream, recording the backend's raw answers.
  const tap = http.createServer(async (req, res) => {
    const sent = await readAll(req);
    const id = String(req.headers[REQUEST_ID] ?? '');
    const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const client = upstream.protocol === 'https:' ? https : http;
    const forward = client.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: `${upstream.pathname.replace(/\/$/, '')}${req.url}`,
        headers,
      },
      async (answer) => {
        const buffer = await readAll(answer);
        if (id) {
          const record = { status: answer.statusCode ?? 0, headers: answer.headers };
          records.set(id, { ...record, body: buffer.toString('utf8') });
          setTimeout(() => records.delete(id), 60_000).unref();
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(buffer);
      },
    );
    forward.on('error', (error) => {
      if (id) records.set(id, { error: String(error.message) });
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`the validating proxy could not reach the backend: ${error.message}`);
    });
    forward.end(sent);
  });
  const tapPort = await listen(tap, 0);
  const prismPort = await freePort();
  const [node, args] = prismCommand(
    'proxy',
    docPath,
    `http://127.0.0.1:${tapPort}`,
    '--errors',
    '--port',
    String(prismPort),
    '--host',
    '127.0.0.1',
  );
  const prism = startProcess(node, args, {
    pipe: true,
    onExit: (code, signal, output) => exitListener(code, signal, output),
  });
  if (verbose) {
    for (const stream of [prism.child.stdout, prism.child.stderr]) {
      stream?.on('data', (text: Buffer) => log(String(text).replace(/^/gm, 'prism │ ')));
    }
  }
  const exited = () => prism.child.exitCode !== null || prism.child.signalCode !== null;

  async function stop() {
    if (stopping) return;
    stopping = true;
    tap.close();
    await prism.stop();
  }

  try {
    await waitForPort(prismPort, { timeoutMs: startTimeoutMs, gone: exited });
  } catch {
    await stop();
    throw new Error(`Prism did not start:\n${prism.output()}`);
  }

  /**
   * One request through Prism: { id, operation, label, prism: {status, headers, body}, backend?,
   * backendError?, violations, replace }. `body` is a Buffer or string (or undefined).
   */
  async function exchange({
    method,
    url,
    headers = {},
    body,
  }: Parameters<ValidatingProxy['exchange']>[0]): Promise<ExchangeResult> {
    const id = String(headers[REQUEST_ID] || randomBytes(4).toString('hex'));
    const operation = matchOperation(operations, method, url);
    const label = operationLabel(operation, method, url);
    const sent: http.OutgoingHttpHeaders = { ...headers, [REQUEST_ID]: id };
    // A body with its length (a chunked DELETE body gets Prism's bare 400).
    if (body !== undefined && body.length > 0 && sent['content-length'] === undefined) {
      sent['content-length'] = String(Buffer.byteLength(body));
    }
    let answer: http.IncomingMessage;
    let buffer: Buffer;
    try {
      answer = await new Promise((resolve, reject) => {
        const toPrism = http.request(
          { hostname: '127.0.0.1', port: prismPort, method, path: url, headers: sent },
          resolve,
        );
        toPrism.on('error', reject);
        toPrism.end(body);
      });
      buffer = await readAll(answer);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        id,
        operation,
        label,
        prismError: message,
        violations: [
          {
            side: 'request',
            where: 'connection',
            rule: 'prism',
            message: `Prism did not answer: ${message}`,
          },
        ],
        replace: false,
      };
    }
    const record = records.get(id);
    records.delete(id);
    const backend = record && record.error === undefined ? record : undefined;
    const prismAnswer: PrismAnswer = {
      status: answer.statusCode ?? 0,
      headers: answer.headers,
      body: buffer.toString('utf8'),
      buffer,
    };
    const found = findViolations({
      document,
      operation,
      prism: prismAnswer,
      backend,
      strict,
      expectedHash,
    });
    if (record?.error !== undefined) {
      found.violations.push({
        side: 'response',
        where: 'connection',
        rule: 'unreachable',
        message: `the backend could not be reached: ${record.error}`,
      });
    }
    return { id, operation, label, prism: prismAnswer, backend, ...found };
  }

  return {
    document,
    operations,
    expectedHash,
    prismPort,
    prismPid: prism.child.pid,
    exchange,
    setUpstream(next) {
      upstream = next;
    },
    stop,
    onExit(listener) {
      exitListener = listener;
    },
  };
}
