// npm run contract:verify -- --upstream URL [--token T | --email E --password P] [--only ids]
//                            [--read-only] [--include-irreversible] [--strict] [--list] [--verbose]
// Sends the console's calls (scripts/lib/verify-plan.mjs) to a running server through Prism's
// validating proxy (scripts/lib/validating-proxy.mjs, the same check as npm run mock:proxy) and
// checks every answer: its status is declared (and is the one the console's flow needs), its body
// and headers are valid, its openapi-hash is there and equal; a success body must also pass the
// console's own generated validators. One line per call, a summary per operation, exit 1 on any
// violation (or a failed login).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { runnerImport } from 'vite';
import { DOC_PATH, REPO_ROOT } from './lib/contract.mjs';
import { declaredStatuses, formatCall, operationLabel, shown } from './lib/proxy-report.mjs';
import { STEPS } from './lib/verify-plan.mjs';
import { startValidatingProxy } from './lib/validating-proxy.mjs';

const USAGE = `usage: npm run contract:verify -- --upstream URL [options]
  --upstream URL          the API base of the server, e.g. http://127.0.0.1:4020/api/v1
  --token TOKEN           use this session (nothing is logged in or out)
  --email E --password P  log in first (and out at the end); a failed login is reported and the
                          run goes on with what needs no session
  --only ID[,ID...]       only these operations (and the calls that make and remove their data)
  --read-only             skip every call that changes state (for shared servers)
  --include-irreversible  also run what cannot be undone (removeDevice, addCollaborator,
                          saveOnboardingInfo, requestEmailChange, updateBilling, confirmTwoFactor)
  --strict                also flag answer fields the contract does not declare
  --list                  print the plan and exit
  --verbose               also print Prism's own log
Environment: CONTRACT_VERIFY_TOKEN, CONTRACT_VERIFY_EMAIL, CONTRACT_VERIFY_PASSWORD.`;

function usage(message) {
  console.error(`contract:verify: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = {
    token: process.env.CONTRACT_VERIFY_TOKEN || undefined,
    email: process.env.CONTRACT_VERIFY_EMAIL || undefined,
    password: process.env.CONTRACT_VERIFY_PASSWORD || undefined,
  };
  const flags = ['--read-only', '--include-irreversible', '--strict', '--list', '--verbose'];
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (flags.includes(flag)) {
      options[flag.slice(2).replace(/-(\w)/g, (_, c) => c.toUpperCase())] = true;
      continue;
    }
    if (!['--upstream', '--token', '--email', '--password', '--only'].includes(flag)) {
      usage(`unknown argument ${argv[i]}`);
    }
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') usage(`${flag} needs a value`);
    options[flag.slice(2)] = value;
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const allOps = [...new Set(STEPS.map((step) => step.op))];
let only;
if (options.only) {
  only = new Set(
    options.only
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );
  const unknown = [...only].filter((id) => !allOps.includes(id));
  if (unknown.length > 0)
    usage(
      `--only: no such operation ${unknown.join(', ')} (operations: ${allOps.sort().join(', ')})`,
    );
}
if (options.readOnly && options.includeIrreversible)
  usage('--read-only and --include-irreversible exclude each other');
if (options.token && (options.email || options.password))
  usage('--token, or --email and --password, not both');

// --- which steps run ----------------------------------------------------------------------------

/** The steps of an --only run: the chosen operations, what they need, and what cleans up after them. */
function selectSteps() {
  if (!only) return new Set(STEPS);
  const included = new Set(STEPS.filter((step) => only.has(step.op) && !step.followUp));
  const providerOf = (key) => STEPS.find((step) => step.provides?.includes(key));
  const provided = () => new Set([...included].flatMap((step) => step.provides ?? []));
  let size = -1;
  while (size !== included.size) {
    size = included.size;
    for (const step of [...included]) {
      for (const key of [
        ...(step.requires ?? []),
        ...(options.readOnly ? [] : (step.wants ?? [])),
      ]) {
        const provider = providerOf(key);
        if (provider) included.add(provider);
      }
    }
    const have = provided();
    // What the chosen operations themselves give: the follow-ups that read it back are theirs.
    const chosen = new Set(
      [...included].filter((s) => only.has(s.op)).flatMap((s) => s.provides ?? []),
    );
    for (const step of STEPS) {
      if (step.cleans && have.has(step.cleans)) included.add(step);
      const requires = step.requires ?? [];
      if (
        step.followUp &&
        requires.some((key) => chosen.has(key)) &&
        requires.every((key) => have.has(key))
      ) {
        included.add(step);
      }
    }
  }
  return included;
}

const selected = selectSteps();

if (options.list) {
  for (const step of STEPS) {
    if (!selected.has(step)) continue;
    const mode =
      step.kind === 'irreversible'
        ? ' [--include-irreversible]'
        : step.kind === 'write'
          ? ' [not with --read-only]'
          : '';
    console.log(`${step.op}${step.note ? ` · ${step.note}` : ''}${mode}`);
  }
  process.exit(0);
}

if (!options.upstream) usage('--upstream URL is required');
let upstream;
try {
  upstream = new URL(options.upstream);
} catch {
  usage(`--upstream is not a URL: ${options.upstream}`);
}
if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
  usage(`--upstream must be an http(s) URL: ${options.upstream}`);
}

const log = (line) => process.stdout.write(`${line}\n`);

// Nothing listening there: say so once instead of one failure per operation.
const reachable = await new Promise((resolve) => {
  const socket = net.connect(
    Number(upstream.port || (upstream.protocol === 'https:' ? 443 : 80)),
    upstream.hostname,
  );
  socket.setTimeout(5000, () => {
    socket.destroy();
    resolve(false);
  });
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});
if (!reachable) {
  console.error(`contract:verify: nothing answers at ${upstream.href}: start the server first`);
  process.exit(1);
}

let proxy;
async function shutdown(code) {
  await proxy?.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
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
  console.error(`contract:verify: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
proxy.onExit((code, signal, prismLog) => {
  console.error(`contract:verify: Prism exited (${signal ?? code}):\n${prismLog}`);
  process.exit(1);
});
const { document, expectedHash } = proxy;
const { module: consoleAnswers } = await runnerImport(
  path.join(REPO_ROOT, 'scripts', 'lib', 'console-answers.ts'),
  { configFile: false, logLevel: 'silent' },
);

const byId = new Map(
  proxy.operations.filter((op) => op.operationId).map((op) => [op.operationId, op]),
);
const isPublic = (op) => {
  const operation = document.paths[op.template][op.method.toLowerCase()];
  const security = operation.security ?? document.security ?? [];
  return security.length === 0 || security.some((r) => Object.keys(r ?? {}).length === 0);
};

const runId = randomBytes(4).toString('hex');
const ctx = {
  runId,
  teamName: `contract-verify ${runId}`,
  token: options.token,
  session: options.token ? true : undefined,
  email: options.email,
  password: options.password,
  includeIrreversible: Boolean(options.includeIrreversible),
  tempPassword: `Contract-verify-${runId}-${randomBytes(6).toString('hex')}`,
  sessions: [],
};

const mode = options.readOnly
  ? 'read-only: no call that changes state'
  : options.includeIrreversible
    ? 'every call, including those that cannot be undone'
    : 'changes only what it makes itself or puts back; what cannot be undone is skipped (--include-irreversible)';
log(
  `contract:verify: ${upstream.href} against ${path.relative(REPO_ROOT, DOC_PATH)} ${document.info?.version} (openapi-hash ${expectedHash}), through Prism's validating proxy and the console's validators`,
);
log(
  `contract:verify: run ${runId} (${mode}); what it makes is named "${ctx.teamName}" or ${runId}-…@verify.example`,
);

// --- one call ----------------------------------------------------------------------------------

let counter = 0;
const results = new Map(); // op → { ran, failed, skip }
const record = (op) => {
  if (!results.has(op)) results.set(op, { ran: 0, failed: 0, skip: undefined });
  return results.get(op);
};

function buildUrl(op, params = {}, query) {
  let url = op.template.replace(/\{([^}]+)\}/g, (_, name) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  if ([...search].length > 0) url += `?${search}`;
  return url;
}

function parseBody(answer) {
  if (!answer) return undefined;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.includes('json') || answer.body === '') return undefined;
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
}

function valueAtPath(body, pathText) {
  const keys = [
    ...pathText.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g),
  ].map((m) => m[1] ?? (m[2] !== undefined ? Number(m[2]) : JSON.parse(`"${m[3]}"`)));
  let node = body;
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[key];
  }
  return node;
}

async function call(step, req) {
  const op = byId.get(step.op);
  const id = `cv-${runId}-${String((counter += 1)).padStart(2, '0')}`;
  const auth = req.auth ?? !isPublic(op);
  const headers = { accept: 'application/json', 'x-request-id': id };
  const token = req.token ?? ctx.token;
  if (auth && token) headers.authorization = `Bearer ${token}`;
  let body;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  const url = buildUrl(op, req.params, req.query);
  const result = await proxy.exchange({ method: op.method, url, headers, body });
  const violations = [...result.violations];
  const backend = result.backend;
  const status = backend?.status ?? result.prism?.status;
  const parsed = parseBody(backend);
  const expect = req.expect ?? step.expect ?? 'success';
  const successes = declaredStatuses(document, op).filter((code) => /^2/.test(code));
  const isSuccess = backend !== undefined && successes.includes(String(backend.status));
  const statusFlagged = violations.some((v) => v.rule === 'undeclared-status');

  if (!backend && violations.length === 0) {
    violations.push({
      side: 'request',
      where: 'connection',
      rule: 'not-reached',
      message: `Prism answered ${status} itself: the request did not reach the server`,
    });
  }
  if (backend?.status === 501) {
    violations.push({
      side: 'response',
      where: 'status 501',
      rule: 'not-implemented',
      message:
        'the server does not implement this operation (Prism answered it with a mocked example)',
    });
  } else if (backend && !statusFlagged) {
    let unexpected;
    if (expect === 'success' && !isSuccess)
      unexpected = `the console's flow needs ${successes.join(' or ')} here`;
    if (expect === 'refusal' && backend.status >= 500)
      unexpected = 'a made-up secret must be refused with a 4xx';
    if (
      expect === 'refusal' &&
      /^2/.test(String(backend.status)) &&
      !step.refused?.({ body: parsed })
    ) {
      unexpected = 'a made-up secret was accepted';
    }
    if (expect === 'refusal-or-success' && backend.status >= 500)
      unexpected = 'a 2xx or a refusal (4xx) was expected';
    if (unexpected) {
      violations.push({
        side: 'response',
        where: `status ${backend.status}`,
        rule: 'unexpected-status',
        message: `${unexpected} (${backend.status} is declared; its answer is checked above)`,
        ...(parsed !== undefined ? { received: shown(parsed) } : {}),
      });
    }
  }

  // The console's own validators, for a success Prism found nothing wrong with.
  const bodyFlagged = violations.some((v) => v.where.startsWith('body'));
  if (isSuccess && !bodyFlagged) {
    const raw = backend.body === '' ? undefined : parsed;
    const verdict = consoleAnswers.consoleViolation(
      `${op.method} ${op.template}`,
      backend.status,
      raw,
    );
    if (verdict) {
      const received = valueAtPath(raw, verdict.path);
      violations.push({
        side: 'response',
        where: `body ${verdict.path}`,
        rule: `console ${verdict.rule}`,
        message: "the console's generated validator refuses it (Prism let it through)",
        ...(received !== undefined ? { received: shown(received) } : {}),
      });
    }
  }

  // The flow goes on with what the server sent, valid or not, so one broken answer does not hide
  // the operations after it.
  const answer = { status, body: parsed };
  const problems = [];
  const follow = (hook) => {
    try {
      problems.push(...(hook(ctx, answer) ?? []));
    } catch (error) {
      problems.push(
        `the answer could not be used: ${error instanceof Error ? error.message : error}`,
      );
    }
  };
  if (isSuccess && step.after) follow(step.after);
  if (backend && step.afterAny) follow(step.afterAny);
  for (const problem of problems) {
    violations.push({ side: 'response', where: 'body', rule: 'flow', message: problem });
  }
  if (!isSuccess && step.failed) step.failed(ctx, answer);

  const label = operationLabel(op, op.method, op.template);
  for (const line of formatCall({ id, label, status, violations, note: req.note ?? step.note }))
    log(line);
  const entry = record(step.op);
  entry.ran += 1;
  if (violations.length > 0) entry.failed += 1;
  return violations.length === 0;
}

// --- the run -------------------------------------------------------------------------------------

const providersOf = (key) => [
  ...new Set(STEPS.filter((s) => s.provides?.includes(key)).map((s) => s.op)),
];
function missingReason(key) {
  if (key === 'session') {
    return ctx.loginFailed ?? 'no session: pass --token, or --email and --password';
  }
  return `needs what ${providersOf(key).join(' or ')} gives (${key}), which it did not`;
}
const leftovers = [];

for (const step of STEPS) {
  if (!selected.has(step)) continue;
  const op = byId.get(step.op);
  const label = operationLabel(op, op.method, op.template);
  const skip = (reason, silent = false) => {
    const entry = record(step.op);
    // The summary gives the reason a line was printed for, else the first one.
    if (!silent && !entry.said) [entry.skip, entry.said] = [reason, true];
    entry.skip ??= reason;
    if (!silent) log(`○ [skipped] ${label}: ${reason}`);
  };
  if (step.kind === 'write' && options.readOnly) {
    skip('changes state (--read-only)', true);
    continue;
  }
  if (step.kind === 'irreversible' && !options.includeIrreversible) {
    skip(`cannot be undone: ${step.note} (--include-irreversible runs it)`, !!step.followUp);
    continue;
  }
  const missing = (step.requires ?? []).find((key) => ctx[key] === undefined);
  if (missing) {
    // Said once in the summary (a missing session would otherwise give a line per operation).
    skip(missingReason(missing), true);
    continue;
  }
  const items = step.repeat ? step.repeat(ctx) : [undefined];
  for (const item of items) {
    const req = step.request ? step.request(ctx, item) : {};
    if (req.silent) {
      const entry = record(step.op);
      if (typeof req.silent === 'string') entry.skip ??= req.silent;
      continue;
    }
    if (req.skip) {
      skip(req.skip);
      continue;
    }
    const ok = await call(step, req);
    if (!ok && step.cleans)
      leftovers.push(
        `${step.op} (${step.note ?? step.cleans}) failed: check ${step.cleans} by hand`,
      );
  }
}
if (ctx.passwordChanged) {
  leftovers.push(`the password is still the temporary one: ${ctx.tempPassword}`);
}

// --- the summary ---------------------------------------------------------------------------------

const chosen = allOps.filter((op) => !only || [...selected].some((s) => s.op === op));
const ran = chosen.filter((op) => results.get(op)?.ran > 0);
const failed = ran.filter((op) => results.get(op).failed > 0);
const skipped = chosen.filter((op) => !(results.get(op)?.ran > 0));
const byReason = new Map();
for (const op of skipped) {
  const reason = results.get(op)?.skip ?? 'not reached';
  byReason.set(reason, [...(byReason.get(reason) ?? []), op]);
}
log('');
log(
  `contract:verify: ${ran.length} of ${chosen.length} operations checked: ${ran.length - failed.length} ✔, ${failed.length} ✖${failed.length > 0 ? ` (${failed.join(', ')})` : ''}; ${skipped.length} skipped`,
);
for (const [reason, ops] of byReason) log(`  ○ ${ops.join(', ')}: ${reason}`);
for (const leftover of leftovers) log(`  ⚠ left behind: ${leftover}`);
if (ctx.loginFailed) log(`  ✖ login failed: ${ctx.loginFailed}`);
const ok = failed.length === 0 && !ctx.loginFailed;
log(
  ok
    ? `contract:verify: passed: every answer matches the contract${skipped.length > 0 ? ' (skipped operations are not checked)' : ''}`
    : `contract:verify: FAILED: ${failed.length} operation(s) answered against the contract or the console's flow${ctx.loginFailed ? ', and the login failed' : ''}`,
);
await shutdown(ok ? 0 : 1);
