// `npm run contract:verify`, as functions: its options, the steps a run takes, and the run itself
// against a validating proxy (validating-proxy.ts) in front of the server. The command
// (scripts/contract-verify.ts) parses its arguments, starts the proxy and calls `runVerify`; the
// tool tests call the same functions in-process with one shared proxy.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ContractViolation } from '../../src/api/response-validation';
import { operationIsPublic } from './contract-rules';
import { type JsonObject, objectOr } from './openapi-doc';
import { DOC_PATH, REPO_ROOT } from './paths';
import {
  type ProxyOperation,
  type Violation,
  declaredStatuses,
  formatCall,
  operationLabel,
  shown,
} from './proxy-report';
import type { ValidatingProxy } from './validating-proxy';
import {
  type Answer,
  type Json,
  STEPS,
  type StepRequest,
  type VerifyContext,
  type VerifyStep,
} from './verify-plan';

export const USAGE = `usage: npm run contract:verify -- --upstream URL [options]
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

/** A wrong command line: the command prints it with the usage and exits 2. */
export class UsageError extends Error {}

export interface VerifyOptions {
  upstream?: string;
  token?: string;
  email?: string;
  password?: string;
  only?: Set<string>;
  readOnly?: boolean;
  includeIrreversible?: boolean;
  strict?: boolean;
  list?: boolean;
  verbose?: boolean;
  help?: boolean;
}

const FLAGS = {
  '--read-only': 'readOnly',
  '--include-irreversible': 'includeIrreversible',
  '--strict': 'strict',
  '--list': 'list',
  '--verbose': 'verbose',
} as const;
const VALUES = ['--upstream', '--token', '--email', '--password', '--only'] as const;

/** The options of a command line (and the environment); throws UsageError. */
export function parseVerifyArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): VerifyOptions {
  const options: VerifyOptions = {
    token: env.CONTRACT_VERIFY_TOKEN || undefined,
    email: env.CONTRACT_VERIFY_EMAIL || undefined,
    password: env.CONTRACT_VERIFY_PASSWORD || undefined,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = '', inline] = argv[i]!.split(/=(.*)/s, 2);
    if (flag === '--help' || flag === '-h') return { ...options, help: true };
    if (Object.hasOwn(FLAGS, flag)) {
      options[FLAGS[flag as keyof typeof FLAGS]] = true;
      continue;
    }
    if (!(VALUES as readonly string[]).includes(flag)) {
      throw new UsageError(`unknown argument ${argv[i]}`);
    }
    const value = inline ?? argv[(i += 1)];
    if (value === undefined || value === '') throw new UsageError(`${flag} needs a value`);
    if (flag === '--only') {
      options.only = new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      );
    } else options[flag.slice(2) as 'upstream' | 'token' | 'email' | 'password'] = value;
  }
  const allOps = [...new Set(STEPS.map((step) => step.op))];
  const unknown = [...(options.only ?? [])].filter((id) => !allOps.includes(id));
  if (unknown.length > 0) {
    throw new UsageError(
      `--only: no such operation ${unknown.join(', ')} (operations: ${allOps.sort().join(', ')})`,
    );
  }
  if (options.readOnly && options.includeIrreversible) {
    throw new UsageError('--read-only and --include-irreversible exclude each other');
  }
  if (options.token && (options.email || options.password)) {
    throw new UsageError('--token, or --email and --password, not both');
  }
  return options;
}

/** The steps of a run: all, or for --only the chosen operations, what they need, and what cleans up after them. */
export function selectSteps(options: VerifyOptions): Set<VerifyStep> {
  const only = options.only;
  if (!only) return new Set(STEPS);
  const included = new Set(STEPS.filter((step) => only.has(step.op) && !step.followUp));
  const providerOf = (key: string) => STEPS.find((step) => step.provides?.includes(key));
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

/** The lines of --list: the plan. */
export function planLines(options: VerifyOptions): string[] {
  const selected = selectSteps(options);
  return STEPS.filter((step) => selected.has(step)).map((step) => {
    const mode =
      step.kind === 'irreversible'
        ? ' [--include-irreversible]'
        : step.kind === 'write'
          ? ' [not with --read-only]'
          : '';
    return `${step.op}${step.note ? ` · ${step.note}` : ''}${mode}`;
  });
}

/** The console's own verdict on a success answer (scripts/lib/console-answers.ts). */
export type ConsoleCheck = (
  operation: string,
  status: number,
  body: unknown,
) => ContractViolation | null;

function buildUrl(
  op: ProxyOperation,
  params: Record<string, Json> = {},
  query?: Record<string, Json>,
): string {
  let url = op.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  if ([...search].length > 0) url += `?${search}`;
  return url;
}

function parseBody(answer: { headers: JsonObject; body: string } | undefined): Json {
  if (!answer) return undefined;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.includes('json') || answer.body === '') return undefined;
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
}

function valueAtPath(body: unknown, pathText: string): unknown {
  const keys = [
    ...pathText.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g),
  ].map((m) => m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(`"${m[3]}"`) as string)));
  let node: unknown = body;
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/**
 * One run of the plan through `proxy` (already pointed at the server), printing one line per call
 * and the summary with `log`. Resolves with whether every answer matched the contract (and the
 * login, if any, worked).
 */
export async function runVerify({
  options,
  proxy,
  consoleCheck,
  log,
}: {
  options: VerifyOptions;
  proxy: ValidatingProxy;
  consoleCheck: ConsoleCheck;
  log: (line: string) => void;
}): Promise<{ ok: boolean }> {
  const selected = selectSteps(options);
  const only = options.only;
  const allOps = [...new Set(STEPS.map((step) => step.op))];
  const { document, expectedHash } = proxy;
  const byId = new Map(
    proxy.operations.filter((op) => op.operationId).map((op) => [op.operationId!, op]),
  );
  const isPublic = (op: ProxyOperation) =>
    operationIsPublic(
      document,
      objectOr(objectOr(objectOr(document.paths)[op.template])[op.method.toLowerCase()]),
    );

  const runId = randomBytes(4).toString('hex');
  const ctx: VerifyContext = {
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
  const version = objectOr(document.info).version;
  log(
    `contract:verify: ${options.upstream ? new URL(options.upstream).href : '(no upstream)'} against ${path.relative(REPO_ROOT, DOC_PATH)} ${String(version)} (openapi-hash ${expectedHash}), through Prism's validating proxy and the console's validators`,
  );
  log(
    `contract:verify: run ${runId} (${mode}); what it makes is named "${ctx.teamName}" or ${runId}-…@verify.example`,
  );

  // --- one call --------------------------------------------------------------------------------

  let counter = 0;
  interface Outcome {
    ran: number;
    failed: number;
    skip: string | undefined;
    said?: boolean;
  }
  const results = new Map<string, Outcome>();
  const record = (op: string): Outcome => {
    if (!results.has(op)) results.set(op, { ran: 0, failed: 0, skip: undefined });
    return results.get(op)!;
  };

  async function call(step: VerifyStep, op: ProxyOperation, req: StepRequest): Promise<boolean> {
    const id = `cv-${runId}-${String((counter += 1)).padStart(2, '0')}`;
    const auth = req.auth ?? !isPublic(op);
    const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': id };
    const token = req.token ?? ctx.token;
    if (auth && token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    const url = buildUrl(op, req.params, req.query);
    const result = await proxy.exchange({ method: op.method, url, headers, body });
    const violations: Violation[] = [...result.violations];
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
      let unexpected: string | undefined;
      if (expect === 'success' && !isSuccess)
        unexpected = `the console's flow needs ${successes.join(' or ')} here`;
      if (expect === 'refusal' && backend.status >= 500)
        unexpected = 'a made-up secret must be refused with a 4xx';
      if (expect === 'refusal' && /^2/.test(String(backend.status)))
        unexpected = 'a made-up secret was accepted';
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
    if (backend && isSuccess && !bodyFlagged) {
      const raw: unknown = backend.body === '' ? undefined : parsed;
      const verdict = consoleCheck(`${op.method} ${op.template}`, backend.status, raw);
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

    // The flow goes on with what the server sent, valid or not, so one broken answer does not
    // hide the operations after it.
    const answer: Answer = { status, body: parsed };
    const problems: string[] = [];
    const follow = (hook: (ctx: VerifyContext, answer: Answer) => string[] | void) => {
      try {
        problems.push(...(hook(ctx, answer) ?? []));
      } catch (error) {
        problems.push(
          `the answer could not be used: ${error instanceof Error ? error.message : String(error)}`,
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

  // --- the run -----------------------------------------------------------------------------------

  const providersOf = (key: string) => [
    ...new Set(STEPS.filter((s) => s.provides?.includes(key)).map((s) => s.op)),
  ];
  const missingReason = (key: string) =>
    key === 'session'
      ? (ctx.loginFailed ?? 'no session: pass --token, or --email and --password')
      : `needs what ${providersOf(key).join(' or ')} gives (${key}), which it did not`;
  const leftovers: string[] = [];

  for (const step of STEPS) {
    if (!selected.has(step)) continue;
    const op = byId.get(step.op);
    if (!op) throw new Error(`the contract has no operation ${step.op}`);
    const label = operationLabel(op, op.method, op.template);
    const skip = (reason: string, silent = false) => {
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
    const items: Json[] = step.repeat ? step.repeat(ctx) : [undefined];
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
      const ok = await call(step, op, req);
      if (!ok && step.cleans)
        leftovers.push(
          `${step.op} (${step.note ?? step.cleans}) failed: check ${step.cleans} by hand`,
        );
    }
  }
  if (ctx.passwordChanged) {
    leftovers.push(`the password is still the temporary one: ${ctx.tempPassword}`);
  }

  // --- the summary -------------------------------------------------------------------------------

  const ran = (op: string) => (results.get(op)?.ran ?? 0) > 0;
  const chosen = allOps.filter((op) => !only || [...selected].some((s) => s.op === op));
  const checked = chosen.filter(ran);
  const failed = checked.filter((op) => results.get(op)!.failed > 0);
  const skipped = chosen.filter((op) => !ran(op));
  const byReason = new Map<string, string[]>();
  for (const op of skipped) {
    const reason = results.get(op)?.skip ?? 'not reached';
    byReason.set(reason, [...(byReason.get(reason) ?? []), op]);
  }
  log('');
  log(
    `contract:verify: ${checked.length} of ${chosen.length} operations checked: ${checked.length - failed.length} ✔, ${failed.length} ✖${failed.length > 0 ? ` (${failed.join(', ')})` : ''}; ${skipped.length} skipped`,
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
  return { ok };
}
