// What `npm run contract:verify` sends, in order: the console's calls, each one operation of the
// contract, run on data the command finds (reads) or makes itself (a team with a unique name, a
// report recipient, an invite), changed and removed again. Each step is classed by what it touches
// and what it leaves behind (`kind`), and runs only when its class is allowed (verify-run.ts
// `runMode`): writes only to a server on this machine or one named with --allow-writes; data the
// command did not make (the device, an admin on the account, the password) only with its own flag,
// and put back right after; what cannot be undone (the reset email included) only when asked.
// Calls whose secret only an email or a third party has (a reset token, a Google or Slack code) are
// sent with a made-up secret: whatever declared answer comes back (a refusal, or a sandbox's
// acceptance) is checked against the contract.
// The fields of a step are described on VerifyStep below.
import { randomUUID } from 'node:crypto';
import { totpCode } from './totp';

/**
 * A value of a server's answer, read field by field as the flow needs it (`?.` wherever a server
 * may leave something out). Whether the answer is valid is judged by Prism and the console's
 * validators, not here: the flow only follows what came back, so it stays untyped on purpose.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Json = any;

/** What the run knows: its options, and what the steps found or made (keys named by `provides`). */
export interface VerifyContext {
  runId: string;
  teamName: string;
  token?: string;
  session?: boolean;
  email?: string;
  password?: string;
  tempPassword: string;
  /** Sessions opened by calls of the run, logged out at the end. */
  sessions: string[];
  loginFailed?: string;
  loggedInHere?: boolean;
  passwordChanged?: boolean;
  [key: string]: Json;
}

/** A server's answer as the flow sees it. */
export interface Answer {
  status?: number;
  body: Json;
}

/** One call as a step sends it. */
export interface StepRequest {
  params?: Record<string, Json>;
  query?: Record<string, Json>;
  body?: Json;
  auth?: boolean;
  token?: string;
  expect?: StepExpectation;
  note?: string;
  /** Not sent; a line says why. */
  skip?: string;
  /** Not sent, no line (another step does it); a reason is kept for the summary. */
  silent?: true | string;
}

export type StepExpectation = 'success' | 'refusal' | 'answered';

/**
 * What a step touches: 'refusal' sends a made-up secret; 'write' changes its own data, removed
 * after; 'existing' data it did not make, put back (--touch-existing-data); 'password'
 * (--change-password); 'irreversible' (--include-irreversible).
 */
export type StepKind =
  'session' | 'read' | 'refusal' | 'write' | 'existing' | 'password' | 'irreversible';

/** One step of the plan. */
export interface VerifyStep {
  op: string;
  kind: StepKind;
  /** Context keys that must be there (else the step is skipped, naming the reason). */
  requires?: string[];
  /** Context keys `after` sets (for --only: the steps an operation needs are run too). */
  provides?: string[];
  /** Keys used when present (--only adds their providers unless --read-only). */
  wants?: string[];
  /** The key whose data this step undoes (run whenever its provider ran, even after a stop). */
  cleans?: string;
  /** What stays on the server until the step that cleans `key` succeeded (undefined: nothing);
   * the summary, a stopped run and a crash print it. */
  leaves?: { key: string; what: (ctx: VerifyContext) => string | undefined };
  /** Also run when the run stops early, to find what a clean-up needs (the new team's id). */
  findsForCleanUp?: boolean;
  /** A call that reads back what the step before it did. */
  followUp?: boolean;
  /** 'success' (a declared 2xx), 'refusal' (a 4xx) or 'answered' (any declared answer below 500). */
  expect?: StepExpectation;
  note?: string;
  /** One call per item (default: one call). */
  repeat?: (ctx: VerifyContext) => Json[];
  /** The call to send, or { skip } (a line says why) or { silent } (not sent, no line). */
  request?: (ctx: VerifyContext, item?: Json) => StepRequest;
  /** After a success: flow problems; may set context keys. */
  after?: (ctx: VerifyContext, answer: Answer) => string[] | void;
  /** After any answer from the server. */
  afterAny?: (ctx: VerifyContext, answer: Answer) => string[] | void;
  /** After an answer that is not a success. */
  failed?: (ctx: VerifyContext, answer: Answer) => void;
}

const PROPOSAL = 'a proposal (x-spec-gap adds-call): a backend without it answers 404';

const pick = (list: Json, test: (item: Json) => boolean): Json =>
  Array.isArray(list) ? list.find(test) : undefined;
const asArray = (value: Json): Json[] => (Array.isArray(value) ? value : []);

/** The base32 secret of a two-factor answer ({ secret, uri }). */
function secretOf(answer: Json): string | undefined {
  if (typeof answer?.secret === 'string' && totpCode(answer.secret)) return answer.secret;
  if (!URL.canParse(answer?.uri)) return undefined;
  return new URL(answer.uri).searchParams.get('secret') ?? undefined;
}

const team = (ctx: VerifyContext, key: string) => ({ teamId: ctx[key]?.id });

/** A read of the team found by listTeams. */
const homeTeamRead = (op: string): VerifyStep => ({
  op,
  kind: 'read',
  requires: ['homeTeam'],
  request: (ctx) => ({ params: team(ctx, 'homeTeam') }),
});

/** An `after` that sets `key` to what `value` gives. */
const set =
  (key: string, value: (ctx: VerifyContext, answer: Answer) => Json) =>
  (ctx: VerifyContext, answer: Answer) => {
    ctx[key] = value(ctx, answer);
  };
/** An `after` that keeps the answer's body as `key`. */
const keep = (key: string) => set(key, (_ctx, answer) => answer.body);

/** A read of the device after a change: its `field` must be what `wanted` gives. */
const deviceShows = (
  requires: string,
  note: string,
  field: string,
  wanted: (ctx: VerifyContext) => Json,
  shown = (ctx: VerifyContext) => `"${wanted(ctx)}"`,
): VerifyStep => ({
  op: 'getDevice',
  kind: 'existing',
  requires: [requires],
  note,
  followUp: true,
  request: (ctx) => ({ params: { deviceId: ctx.deviceOriginal.id } }),
  after: (ctx, answer) =>
    answer.body?.[field] === wanted(ctx) ? [] : [`$.${field} is not ${shown(ctx)}`],
});

/** A step whose answer may hold a session of its own: kept, and logged out at the end. */
const OPENS_SESSION = {
  provides: ['otherSessions'],
  leaves: {
    key: 'otherSessions',
    what: (ctx: VerifyContext) =>
      ctx.sessions.length > 0
        ? `${ctx.sessions.length} session(s) that calls of the run opened are not logged out`
        : undefined,
  },
  after(ctx: VerifyContext, answer: Answer) {
    if (answer.body?.token && answer.body.token !== ctx.token) {
      ctx.sessions.push(answer.body.token);
      ctx.otherSessions = true;
    }
  },
} satisfies Partial<VerifyStep>;

/** The steps, in the order they run. */
export const STEPS: readonly VerifyStep[] = [
  // --- the session ----------------------------------------------------------------------------
  {
    op: 'login',
    kind: 'session',
    provides: ['session'],
    note: 'log in with --email/--password',
    request: (ctx) =>
      ctx.token
        ? { silent: 'the session given with --token is used' }
        : ctx.email && ctx.password
          ? { body: { email: ctx.email, password: ctx.password }, auth: false }
          : { skip: 'no --email/--password (and no --token)' },
    leaves: {
      key: 'session',
      what: (ctx) =>
        ctx.loggedInHere ? 'the session it logged in with is not logged out' : undefined,
    },
    after(ctx, answer) {
      ctx.token = answer.body?.token;
      ctx.session = ctx.token ? true : undefined;
      ctx.loggedInHere = true;
    },
    failed(ctx, answer) {
      ctx.loginFailed =
        answer.status === 412
          ? 'the account needs a second factor (412): log in in the console and pass its session with --token'
          : `login answered ${answer.status}`;
    },
  },

  // --- reads on the data that is there ---------------------------------------------------------
  {
    op: 'getUser',
    kind: 'read',
    requires: ['session'],
    provides: ['user'],
    after: keep('user'),
  },
  {
    op: 'listTeams',
    kind: 'read',
    requires: ['session'],
    provides: ['homeTeam'],
    after(ctx, answer) {
      const teams = asArray(answer.body);
      ctx.homeTeam = pick(teams, (t) => t.deviceCount > 0) ?? teams[0];
      return ctx.homeTeam ? [] : ['the account has no team: nothing team-related can be checked'];
    },
  },
  homeTeamRead('getTeam'),
  homeTeamRead('getTeamOverview'),
  {
    op: 'listTeamDevices',
    kind: 'read',
    requires: ['homeTeam'],
    provides: ['device'],
    note: 'first page, newest report first (the list page)',
    request: (ctx) => ({
      params: team(ctx, 'homeTeam'),
      query: { page: 1, pageSize: 20, orderBy: 'lastCheck', direction: 'desc' },
    }),
    after: set('device', (_ctx, answer) => asArray(answer.body?.devices)[0]),
  },
  {
    op: 'getDevice',
    kind: 'read',
    requires: ['device'],
    provides: ['deviceOriginal'],
    request: (ctx) => ({ params: { deviceId: ctx.device.id } }),
    after: keep('deviceOriginal'),
  },
  {
    op: 'getPublicTeam',
    kind: 'read',
    requires: ['homeTeam'],
    note: 'signed out, as the join page asks',
    request: (ctx) => ({ params: team(ctx, 'homeTeam'), auth: false }),
  },
  ...(['getTeamHistory', 'listExemptions'] as const).map((op): VerifyStep => ({
    ...homeTeamRead(op),
    expect: 'answered',
    note: PROPOSAL,
  })),
  { op: 'listActivity', kind: 'read', requires: ['session'], expect: 'answered', note: PROPOSAL },
  homeTeamRead('getCheckSettings'),
  homeTeamRead('getDevicePolicy'),
  homeTeamRead('listSlackIntegrations'),
  homeTeamRead('listReportEmails'),
  {
    op: 'listCollaborators',
    kind: 'read',
    requires: ['session'],
    provides: ['collaborator'],
    after: set('collaborator', (_ctx, answer) => asArray(answer.body)[0]),
  },
  { op: 'listAdmins', kind: 'read', requires: ['session'] },
  {
    op: 'getBilling',
    kind: 'read',
    requires: ['session'],
    provides: ['billing'],
    after: keep('billing'),
  },
  { op: 'getBillingManageUrl', kind: 'read', requires: ['session'] },

  // --- secrets only an email or a third party has: a made-up one, refused -----------------------
  {
    op: 'slackAuth',
    kind: 'refusal',
    requires: ['session'],
    expect: 'answered',
    note: 'a made-up Slack code',
    request: (ctx) => ({ query: { code: `contract-verify-${ctx.runId}` } }),
  },
  {
    op: 'googleSignIn',
    kind: 'refusal',
    expect: 'answered',
    note: 'a made-up Google code',
    ...OPENS_SESSION,
    request: (ctx) => ({ body: { code: `contract-verify-${ctx.runId}` }, auth: false }),
  },
  {
    op: 'resetPassword',
    kind: 'refusal',
    expect: 'answered',
    note: 'a made-up reset token',
    request: (ctx) => ({
      body: {
        userId: randomUUID(),
        resetToken: `contract-verify-${ctx.runId}`,
        password: `Contract-verify-${ctx.runId}`,
      },
      auth: false,
    }),
  },
  {
    op: 'verifyEmailChange',
    kind: 'refusal',
    expect: 'answered',
    note: 'a made-up change token',
    request: (ctx) => ({
      body: {
        newEmail: `${ctx.runId}-new@verify.example`,
        changeToken: `contract-verify-${ctx.runId}`,
        stage: 'CurrentEmail',
      },
      auth: false,
    }),
  },

  // --- a team of its own: create, read, change, delete --------------------------------------------
  {
    op: 'createTeam',
    kind: 'write',
    requires: ['session'],
    provides: ['ownTeamName'],
    leaves: { key: 'ownTeam', what: (ctx) => `the team "${ctx.teamName}"` },
    note: 'a team with a unique name',
    request: (ctx) => ({ body: { name: ctx.teamName } }),
    after: set('ownTeamName', (ctx) => ctx.teamName),
  },
  {
    op: 'listTeams',
    kind: 'write',
    requires: ['ownTeamName'],
    provides: ['ownTeam'],
    note: 'the new team is listed',
    followUp: true,
    findsForCleanUp: true,
    after(ctx, answer) {
      ctx.ownTeam = pick(answer.body, (t) => t.name === ctx.ownTeamName);
      return ctx.ownTeam
        ? []
        : [`the team "${ctx.ownTeamName}" that createTeam made is not in the list`];
    },
  },
  {
    op: 'getTeam',
    kind: 'write',
    requires: ['ownTeam'],
    note: 'the new team',
    followUp: true,
    request: (ctx) => ({ params: team(ctx, 'ownTeam') }),
    after(ctx, answer) {
      const problems = [];
      if (answer.body?.name !== ctx.ownTeamName)
        problems.push(`$.name is not "${ctx.ownTeamName}"`);
      if (answer.body?.deviceCount !== 0) problems.push('$.deviceCount of a new team is not 0');
      return problems;
    },
  },
  {
    op: 'createExemption',
    kind: 'write',
    requires: ['ownTeam'],
    expect: 'refusal',
    note: 'a made-up device in the new team (a proposal: a backend without it answers 404)',
    request: (ctx) => ({
      params: team(ctx, 'ownTeam'),
      body: {
        deviceId: randomUUID(),
        checkId: randomUUID(),
        reason: `contract-verify ${ctx.runId}`,
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    }),
  },
  {
    op: 'endExemption',
    kind: 'write',
    requires: ['ownTeam'],
    expect: 'refusal',
    note: 'a made-up exemption',
    request: (ctx) => ({ params: { ...team(ctx, 'ownTeam'), exemptionId: randomUUID() } }),
  },
  {
    op: 'addReportEmail',
    kind: 'write',
    requires: ['ownTeam'],
    provides: ['reportEmail'],
    leaves: {
      key: 'reportEmail',
      what: (ctx) => `the report recipient ${ctx.runId}-report@verify.example of "${ctx.teamName}"`,
    },
    request: (ctx) => ({
      params: team(ctx, 'ownTeam'),
      body: { email: `${ctx.runId}-report@verify.example`, frequency: 'weekly' },
    }),
    after(ctx, answer) {
      const email = `${ctx.runId}-report@verify.example`;
      ctx.reportEmail = { email, frequency: 'weekly' };
      return pick(answer.body, (r) => r.email === email) ? [] : [`the new list has no ${email}`];
    },
  },
  {
    op: 'listReportEmails',
    kind: 'write',
    requires: ['reportEmail'],
    note: 'the new recipient is listed',
    followUp: true,
    request: (ctx) => ({ params: team(ctx, 'ownTeam') }),
    after: (ctx, answer) =>
      pick(answer.body, (r) => r.email === ctx.reportEmail.email)
        ? []
        : [`${ctx.reportEmail.email} is not in the list`],
  },
  {
    op: 'removeReportEmail',
    kind: 'write',
    requires: ['reportEmail'],
    cleans: 'reportEmail',
    request: (ctx) => ({ params: team(ctx, 'ownTeam'), body: ctx.reportEmail }),
    after(ctx, answer) {
      const still = pick(answer.body, (r) => r.email === ctx.reportEmail.email);
      return still ? [`the new list still has ${ctx.reportEmail.email}`] : [];
    },
  },
  {
    op: 'getCheckSettings',
    kind: 'write',
    requires: ['ownTeam'],
    provides: ['ownCheck'],
    note: 'the new team',
    followUp: true,
    request: (ctx) => ({ params: team(ctx, 'ownTeam') }),
    after(ctx, answer) {
      const check = asArray(answer.body?.claims).flatMap((claim) => asArray(claim.checks))[0];
      ctx.ownCheck = check;
      return check ? [] : ['the new team has no check to change'];
    },
  },
  {
    op: 'updateCheckSettings',
    kind: 'write',
    requires: ['ownCheck'],
    note: 'one check of the new team',
    request: (ctx) => ({
      params: team(ctx, 'ownTeam'),
      body: {
        checks: [
          {
            id: ctx.ownCheck.id,
            level: ctx.ownCheck.level === 'required' ? 'optional' : 'required',
          },
        ],
      },
    }),
    after(ctx, answer) {
      const wanted = ctx.ownCheck.level === 'required' ? 'optional' : 'required';
      const check = asArray(answer.body?.claims)
        .flatMap((claim) => asArray(claim.checks))
        .find((c) => c.id === ctx.ownCheck.id);
      return check?.level === wanted
        ? []
        : [`check ${ctx.ownCheck.id} is not ${wanted} in the answer`];
    },
  },
  {
    op: 'applyCheckPreset',
    kind: 'write',
    requires: ['ownTeam'],
    request: (ctx) => ({ params: team(ctx, 'ownTeam'), body: { preset: 'default' } }),
  },
  {
    op: 'getDevicePolicy',
    kind: 'write',
    requires: ['ownTeam'],
    provides: ['ownPolicy'],
    note: 'the new team',
    followUp: true,
    request: (ctx) => ({ params: team(ctx, 'ownTeam') }),
    after: keep('ownPolicy'),
  },
  {
    op: 'updateDevicePolicy',
    kind: 'write',
    requires: ['ownPolicy'],
    request: (ctx) => ({
      params: team(ctx, 'ownTeam'),
      body: { requireSerial: !ctx.ownPolicy.requireSerial },
    }),
    after: (ctx, answer) =>
      answer.body?.requireSerial === !ctx.ownPolicy.requireSerial
        ? []
        : ['$.requireSerial is not the value just set'],
  },
  {
    op: 'createTeamInvite',
    kind: 'write',
    requires: ['ownTeam'],
    provides: ['invite'],
    request: (ctx) => ({
      params: team(ctx, 'ownTeam'),
      body: { email: `${ctx.runId}-invite@verify.example` },
    }),
    after: set('invite', (ctx, answer) =>
      answer.body?.inviteId ? { id: answer.body.inviteId, teamId: ctx.ownTeam.id } : undefined,
    ),
  },
  {
    op: 'getTeamInvite',
    kind: 'read',
    requires: ['homeTeam'],
    wants: ['invite'],
    request: (ctx) =>
      ctx.invite
        ? { params: { teamId: ctx.invite.teamId, inviteId: ctx.invite.id }, auth: false }
        : {
            params: { teamId: ctx.homeTeam.id, inviteId: randomUUID() },
            auth: false,
            expect: 'answered',
            note: 'an unknown invite',
          },
  },
  {
    op: 'snoozeEmails',
    kind: 'write',
    requires: ['invite'],
    note: 'signed out, as from the reminder email',
    request: (ctx) => ({
      params: { teamId: ctx.invite.teamId },
      body: { inviteId: ctx.invite.id },
      auth: false,
    }),
  },
  {
    op: 'addCollaborator',
    kind: 'irreversible',
    requires: ['session'],
    provides: ['collaborator'],
    note: 'no call removes a collaborator from the account',
    request: (ctx) => ({
      body: { email: `${ctx.runId}-collaborator@verify.example`, ssoOnly: false },
    }),
    after(ctx) {
      ctx.collaborator ??= { email: `${ctx.runId}-collaborator@verify.example`, teams: [] };
    },
  },
  {
    op: 'addTeamCollaborator',
    kind: 'existing',
    requires: ['ownTeam', 'collaborator'],
    provides: ['teamCollaborator'],
    note: "a collaborator of the account, given the new team's access and removed (a server may email them)",
    leaves: {
      key: 'teamCollaborator',
      what: (ctx) => `${ctx.collaborator?.email} is a collaborator of "${ctx.teamName}"`,
    },
    request: (ctx) => ({ params: team(ctx, 'ownTeam'), body: { email: ctx.collaborator.email } }),
    after: set('teamCollaborator', (ctx) => ctx.collaborator.email),
  },
  {
    op: 'listCollaborators',
    kind: 'existing',
    requires: ['teamCollaborator'],
    note: 'the collaborator sees the new team',
    followUp: true,
    after(ctx, answer) {
      const entry = pick(answer.body, (c) => c.email === ctx.teamCollaborator);
      return pick(entry?.teams, (t) => t.id === ctx.ownTeam.id)
        ? []
        : [`${ctx.teamCollaborator} is not listed with the team "${ctx.ownTeamName}"`];
    },
  },
  {
    op: 'removeTeamCollaborator',
    kind: 'existing',
    requires: ['teamCollaborator'],
    cleans: 'teamCollaborator',
    request: (ctx) => ({ params: team(ctx, 'ownTeam'), body: { email: ctx.teamCollaborator } }),
  },
  {
    op: 'addAdmin',
    kind: 'existing',
    requires: ['session'],
    provides: ['admin'],
    leaves: { key: 'admin', what: (ctx) => `the account admin ${ctx.runId}-admin@verify.example` },
    note: 'an admin on the account, removed after (a server may tell the other admins)',
    request: (ctx) => ({ body: { email: `${ctx.runId}-admin@verify.example`, ssoOnly: false } }),
    after: set('admin', (ctx) => `${ctx.runId}-admin@verify.example`),
  },
  {
    op: 'listAdmins',
    kind: 'existing',
    requires: ['admin'],
    note: 'the new admin is listed',
    followUp: true,
    after: (ctx, answer) =>
      pick(answer.body, (a) => a.email === ctx.admin) ? [] : [`${ctx.admin} is not in the list`],
  },
  {
    op: 'removeAdmin',
    kind: 'existing',
    requires: ['admin'],
    cleans: 'admin',
    request: (ctx) => ({ body: { email: ctx.admin } }),
  },

  // --- a device that is there: changed and put back ----------------------------------------------
  {
    op: 'renameDevice',
    kind: 'existing',
    requires: ['deviceOriginal'],
    provides: ['renamed'],
    note: 'renamed, then back',
    leaves: {
      key: 'renamed',
      what: (ctx) =>
        `device ${ctx.deviceOriginal.id} is named "${ctx.deviceOriginal.deviceName} (contract-verify)" instead of "${ctx.deviceOriginal.deviceName}"`,
    },
    request(ctx) {
      if (!ctx.deviceOriginal.deviceName) return { skip: 'the device has no name to restore' };
      const name = `${ctx.deviceOriginal.deviceName} (contract-verify)`.slice(-255);
      return { params: { deviceId: ctx.deviceOriginal.id }, body: { deviceName: name } };
    },
    after: set('renamed', (ctx) =>
      `${ctx.deviceOriginal.deviceName} (contract-verify)`.slice(-255),
    ),
  },
  deviceShows('renamed', 'the new name shows', 'deviceName', (ctx) => ctx.renamed),
  {
    op: 'renameDevice',
    kind: 'existing',
    requires: ['renamed'],
    cleans: 'renamed',
    note: 'back to its name',
    request: (ctx) => ({
      params: { deviceId: ctx.deviceOriginal.id },
      body: { deviceName: ctx.deviceOriginal.deviceName },
    }),
  },
  {
    op: 'moveDevice',
    kind: 'existing',
    requires: ['deviceOriginal', 'ownTeam'],
    provides: ['moved'],
    note: 'into the new team, then back',
    leaves: {
      key: 'moved',
      what: (ctx) =>
        `device ${ctx.deviceOriginal.id} is in the team "${ctx.teamName}" instead of team ${ctx.deviceOriginal.teamId}`,
    },
    request: (ctx) => ({
      params: { deviceId: ctx.deviceOriginal.id },
      body: { teamId: ctx.ownTeam.id },
    }),
    after: set('moved', () => true),
  },
  deviceShows(
    'moved',
    'it is in the new team',
    'teamId',
    (ctx) => ctx.ownTeam.id,
    (ctx) => `the new team ${ctx.ownTeam.id}`,
  ),
  {
    op: 'moveDevice',
    kind: 'existing',
    requires: ['moved'],
    cleans: 'moved',
    note: 'back to its team',
    request: (ctx) => ({
      params: { deviceId: ctx.deviceOriginal.id },
      body: { teamId: ctx.deviceOriginal.teamId },
    }),
  },
  {
    op: 'unpublishDevice',
    kind: 'existing',
    requires: ['deviceOriginal'],
    provides: ['unpublished'],
    note: 'a published page: unpublished, then published again under its name',
    leaves: {
      key: 'unpublished',
      what: (ctx) =>
        `the public page "${ctx.deviceOriginal.publicId}" of device ${ctx.deviceOriginal.id} is unpublished`,
    },
    request: (ctx) =>
      ctx.deviceOriginal.publicId
        ? { params: { deviceId: ctx.deviceOriginal.id } }
        : { silent: true },
    after: set('unpublished', () => true),
  },
  {
    op: 'publishDevice',
    kind: 'existing',
    requires: ['deviceOriginal'],
    provides: ['published'],
    // A page that was public is published again: this call also puts it back.
    cleans: 'unpublished',
    note: "a public page (a device's posture, visible to anyone with the address), then unpublished",
    leaves: {
      key: 'published',
      what: (ctx) =>
        ctx.deviceOriginal.publicId
          ? undefined
          : `device ${ctx.deviceOriginal.id} has a public page "contract-verify-${ctx.runId}"`,
    },
    request(ctx) {
      const slug = ctx.deviceOriginal.publicId ?? `contract-verify-${ctx.runId}`;
      if (!/^[A-Za-z0-9-]+$/.test(slug))
        return { skip: `its public name ${slug} cannot be sent back` };
      return { params: { deviceId: ctx.deviceOriginal.id }, body: { slug } };
    },
    after: set('published', (ctx) => ctx.deviceOriginal.publicId ?? `contract-verify-${ctx.runId}`),
  },
  deviceShows('published', 'the public page shows', 'publicId', (ctx) => ctx.published),
  {
    op: 'unpublishDevice',
    kind: 'existing',
    requires: ['published'],
    cleans: 'published',
    request: (ctx) =>
      ctx.deviceOriginal.publicId
        ? { silent: true }
        : { params: { deviceId: ctx.deviceOriginal.id } },
  },

  // --- the account ------------------------------------------------------------------------------
  {
    op: 'createTwoFactorSecret',
    kind: 'irreversible',
    // The console's "Reconfigure" starts again over a set-up second factor: it may replace it.
    note: 'a new two-factor secret on the account, not turned on; no call removes it (one set up may be replaced)',
    requires: ['user'],
    provides: ['twoFactor'],
    after: set('twoFactor', (_ctx, answer) => secretOf(answer.body)),
  },
  {
    op: 'changePassword',
    kind: 'password',
    requires: ['user'],
    provides: ['passwordChanged'],
    note: "to a temporary password, then back (a server may end the account's other sessions)",
    leaves: {
      key: 'passwordChanged',
      what: (ctx) => `the password is the temporary one: ${ctx.tempPassword}`,
    },
    request(ctx) {
      if (!ctx.password) return { skip: 'needs the current password (--password)' };
      if (!ctx.user.hasPassword)
        return { skip: 'the account has no password: setting one cannot be undone' };
      if (ctx.password.length < 8 || ctx.password.length > 128) {
        return {
          skip: 'the current password does not meet the new-password rules: it could not be set back',
        };
      }
      return { body: { oldPassword: ctx.password, newPassword: ctx.tempPassword } };
    },
    after: set('passwordChanged', () => true),
  },
  {
    op: 'changePassword',
    kind: 'password',
    requires: ['passwordChanged'],
    cleans: 'passwordChanged',
    note: 'back to the password given',
    request: (ctx) => ({ body: { oldPassword: ctx.tempPassword, newPassword: ctx.password } }),
    after: set('passwordChanged', () => undefined),
  },
  {
    op: 'requestPasswordReset',
    kind: 'irreversible',
    requires: ['user'],
    note: 'sends the reset email to the account',
    request: (ctx) => ({ body: { email: ctx.user.email }, auth: false }),
  },
  {
    op: 'impersonateByEmail',
    kind: 'write',
    requires: ['user'],
    ...OPENS_SESSION,
    expect: 'answered',
    note: 'itself (support staff only; others are refused)',
    request: (ctx) => ({ body: { email: ctx.user.email } }),
  },
  {
    op: 'impersonateById',
    kind: 'write',
    requires: ['user'],
    ...OPENS_SESSION,
    expect: 'answered',
    note: 'itself (support staff only; others are refused)',
    request: (ctx) => ({ body: { id: ctx.user.id } }),
  },
  {
    op: 'saveOnboardingInfo',
    kind: 'irreversible',
    requires: ['session'],
    note: 'the answers it replaces cannot be read back',
    request: () => ({
      body: { foundAppOn: 'Other', usingAppFor: 'Ourselves', termsAgreed: true },
    }),
  },
  {
    op: 'requestEmailChange',
    kind: 'irreversible',
    requires: ['user'],
    note: 'sends verification emails and leaves a pending change',
    request: (ctx) => ({ body: { newEmail: `${ctx.runId}-new@verify.example` } }),
  },
  {
    op: 'updateBilling',
    kind: 'irreversible',
    requires: ['billing'],
    note: 'the same plan and device limit again (a billing provider may still record it)',
    request(ctx) {
      const limit = ctx.billing.deviceLimit;
      if (!(limit >= 1 && limit <= 1000))
        return { skip: `its device limit ${limit} cannot be sent back` };
      return { body: { priceId: ctx.billing.priceId, deviceLimit: limit } };
    },
  },
  {
    op: 'confirmTwoFactor',
    kind: 'irreversible',
    requires: ['twoFactor'],
    note: 'turns two-factor authentication on; no call turns it off',
    request(ctx) {
      const code = totpCode(ctx.twoFactor);
      if (!code) return { skip: 'the secret from createTwoFactorSecret is not base32' };
      return {
        body: {
          totp: code,
          secret: ctx.twoFactor,
          ...(ctx.password ? { password: ctx.password } : {}),
        },
        // Over a second factor already set up, a server may refuse to reconfigure (the console
        // shows its message): then any declared answer is right.
        ...(ctx.user?.twoFAProvisioned
          ? { expect: 'answered', note: 'reconfigures the second factor set up (it may refuse)' }
          : {}),
      };
    },
  },
  {
    op: 'removeDevice',
    kind: 'irreversible',
    requires: ['deviceOriginal'],
    provides: ['removedDevice'],
    note: 'devices cannot be created through the API',
    request: (ctx) => ({
      params: { teamId: ctx.deviceOriginal.teamId },
      body: { id: ctx.deviceOriginal.id, machineUUID: ctx.deviceOriginal.machineUUID },
    }),
    after: set('removedDevice', (ctx) => ctx.deviceOriginal.id),
  },
  {
    op: 'getDevice',
    kind: 'irreversible',
    requires: ['removedDevice'],
    expect: 'refusal',
    note: 'the removed device is gone (404)',
    followUp: true,
    request: (ctx) => ({ params: { deviceId: ctx.removedDevice } }),
    afterAny: (_ctx, answer) =>
      answer.status === 404 ? [] : [`answered ${answer.status}, not 404`],
  },

  // --- clean-up ----------------------------------------------------------------------------------
  {
    op: 'deleteTeam',
    kind: 'write',
    requires: ['ownTeam'],
    cleans: 'ownTeam',
    provides: ['deletedTeam'],
    request: (ctx) => ({ params: team(ctx, 'ownTeam') }),
    after: set('deletedTeam', (ctx) => ctx.ownTeam),
  },
  {
    op: 'listTeams',
    kind: 'write',
    requires: ['deletedTeam'],
    note: 'the new team is gone',
    followUp: true,
    after: (ctx, answer) =>
      pick(answer.body, (t) => t.id === ctx.deletedTeam.id)
        ? [`the deleted team "${ctx.ownTeamName}" is still listed`]
        : [],
  },
  {
    op: 'logout',
    kind: 'session',
    requires: ['otherSessions'],
    cleans: 'otherSessions',
    note: 'a session a call above opened',
    repeat: (ctx) => ctx.sessions,
    request: (_ctx, token) => ({ token }),
  },
  {
    op: 'logout',
    kind: 'session',
    requires: ['session'],
    cleans: 'session',
    note: 'the session it opened',
    request: (ctx) =>
      ctx.loggedInHere ? {} : { skip: 'would end the session given with --token' },
  },
];

/** Every operationId the plan calls. */
export const PLAN_OPERATIONS: readonly string[] = [...new Set(STEPS.map((step) => step.op))].sort();
