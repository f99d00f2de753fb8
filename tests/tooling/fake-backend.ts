// A small stateful backend for the contract:verify tests: it answers every operation of
// openapi/openapi.yaml with the contract's own examples (so its answers are valid), remembers what
// the verify run changes (teams, report recipients, admins, devices, invites, the password, two
// factor) and refuses made-up secrets. `faults` make it break the contract (or the flow) on purpose;
// `hold` keeps the answer of an operation's first call until the test releases it.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { OPENAPI_HASH } from '../../generated/openapi-hash';
import { matchOperation, operationIsPublic } from '../../scripts/lib/contract-rules';
import { exampleOf, readDocument, responseExamples } from '../../scripts/lib/openapi-doc';
import { DOC_PATH } from '../../scripts/lib/paths';
import { proxyOperations as listOperations } from '../../scripts/lib/proxy-report';
import { totpCode } from '../../scripts/lib/totp';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const document: Json = readDocument(DOC_PATH);
const operations = listOperations(document);
const examples = responseExamples(document);

/** The first example of the operation's first success answer, a copy. */
const example = (operationId: string): Json => structuredClone(exampleOf(examples, operationId));

export type Fault =
  | 'listTeams: deviceCount as a string'
  | 'getBilling: no openapi-hash'
  | 'getTeam: 409'
  | 'createTeam: not stored'
  /** Refuses a new password that the account had before (the put-back of a password change). */
  | 'changePassword: refuses an earlier password'
  /** Answers null for the device policy (a flow step that reads it then throws). */
  | 'getDevicePolicy: null';

export interface FakeBackend {
  server: http.Server;
  /** "METHOD operationId" of every request, in order. */
  calls: string[];
  /** A copy of what the server remembers. */
  state(): Json;
  /** With `hold`: resolves when the held call has arrived (and changed what it changes). */
  holding: Promise<void>;
  /** With `hold`: sends the held answer. */
  release(): void;
  url: string;
  close(): Promise<void>;
}

export async function startFakeBackend(
  faults: Fault[] = [],
  { sessions = [], hold }: { sessions?: string[]; hold?: string } = {},
): Promise<FakeBackend> {
  let arrived = () => {};
  const holding = new Promise<void>((resolve) => (arrived = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const has = (fault: Fault) => faults.includes(fault);
  const user = { ...example('getUser'), twoFAProvisioned: false, hasPassword: true };
  const teams: Json[] = example('listTeams');
  const devices: Json[] = example('listTeamDevices').devices;
  const claims = example('getDevice').claims;
  const settings = new Map<string, Json>();
  const policies = new Map<string, Json>();
  const reports = new Map<string, Json[]>([[teams[0].id, example('listReportEmails')]]);
  const collaborators: Json[] = example('listCollaborators');
  const admins: Json[] = example('listAdmins');
  const invites = new Set<string>();
  const tokens = new Set<string>(sessions);
  let password = '';
  const earlierPasswords: string[] = [];
  let twoFactorSecret = '';
  const calls: string[] = [];

  const settingsOf = (teamId: string) => {
    if (!settings.has(teamId)) settings.set(teamId, example('getCheckSettings'));
    return settings.get(teamId);
  };
  const policyOf = (teamId: string) => {
    if (!policies.has(teamId)) policies.set(teamId, { requireSerial: false });
    return policies.get(teamId);
  };
  const teamOf = (id: string) => teams.find((t) => t.id === id);
  const refuse = (message: string) => ({ status: 400, body: { errors: [message] } });
  const notFound = { status: 404, body: { errors: ['Not found'] } };
  const counted = (team: Json) => ({
    ...team,
    deviceCount: devices.filter((d) => d.teamId === team.id).length || team.deviceCount,
  });

  type Answer = { status: number; body?: Json };
  const handlers: Record<
    string,
    (p: Record<string, string>, body: Json, q: URLSearchParams) => Answer
  > = {
    login: (_p, body) => {
      if (body.password === 'wrong password')
        return { status: 401, body: { errors: ['Login failed'] } };
      password ||= body.password;
      if (body.password !== password) return { status: 401, body: { errors: ['Login failed'] } };
      const token = `fake-${randomUUID()}`;
      tokens.add(token);
      return { status: 200, body: { token } };
    },
    getUser: () => ({ status: 200, body: { ...user, teams: teams.map(counted) } }),
    listTeams: () => {
      const list = teams.map(counted);
      if (has('listTeams: deviceCount as a string'))
        list[0].deviceCount = String(list[0].deviceCount);
      return { status: 200, body: list };
    },
    getTeam: (p) => {
      if (has('getTeam: 409')) return { status: 409, body: { errors: ['conflict'] } };
      const team = teamOf(p.teamId!);
      return team ? { status: 200, body: counted(team) } : notFound;
    },
    getTeamOverview: () => ({ status: 200, body: example('getTeamOverview') }),
    listTeamDevices: (p, _b, q) => {
      const list = devices.filter((d) => d.teamId === p.teamId);
      const pageSize = Number(q.get('pageSize') ?? 20);
      return {
        status: 200,
        body: {
          devices: list.slice(0, pageSize),
          page: 1,
          pageSize,
          pageCount: Math.ceil(list.length / pageSize),
          total: list.length,
        },
      };
    },
    getDevice: (p) => {
      const device = devices.find((d) => d.id === p.deviceId);
      return device ? { status: 200, body: { ...device, claims } } : notFound;
    },
    getPublicTeam: (p) => {
      const team = teamOf(p.teamId!);
      return team ? { status: 200, body: { name: team.name, requireSerial: false } } : notFound;
    },
    getCheckSettings: (p) => ({ status: 200, body: settingsOf(p.teamId!) }),
    updateCheckSettings: (p, body) => {
      const current = settingsOf(p.teamId!);
      for (const change of body.checks) {
        for (const claim of current.claims) {
          for (const check of claim.checks) if (check.id === change.id) check.level = change.level;
        }
      }
      return { status: 200, body: current };
    },
    applyCheckPreset: () => ({ status: 204 }),
    getDevicePolicy: (p) => ({
      status: 200,
      body: has('getDevicePolicy: null') ? null : policyOf(p.teamId!),
    }),
    updateDevicePolicy: (p, body) => {
      policyOf(p.teamId!).requireSerial = body.requireSerial;
      return { status: 200, body: policyOf(p.teamId!) };
    },
    listSlackIntegrations: () => ({ status: 200, body: example('listSlackIntegrations') }),
    listReportEmails: (p) => ({ status: 200, body: reports.get(p.teamId!) ?? [] }),
    addReportEmail: (p, body) => {
      const list = reports.get(p.teamId!) ?? [];
      list.push({ id: randomUUID(), teamId: p.teamId, ...body });
      reports.set(p.teamId!, list);
      return { status: 200, body: list };
    },
    removeReportEmail: (p, body) => {
      const list = (reports.get(p.teamId!) ?? []).filter((r) => r.email !== body.email);
      reports.set(p.teamId!, list);
      return { status: 200, body: list };
    },
    listCollaborators: () => ({ status: 200, body: collaborators }),
    addCollaborator: (_p, body) => {
      collaborators.push({ email: body.email, teams: [] });
      return { status: 204 };
    },
    addTeamCollaborator: (p, body) => {
      const entry = collaborators.find((c) => c.email === body.email);
      const team = teamOf(p.teamId!);
      if (!entry || !team) return notFound;
      entry.teams.push({ id: team.id, name: team.name });
      return { status: 200, body: { message: 'Added' } };
    },
    removeTeamCollaborator: (p, body) => {
      const entry = collaborators.find((c) => c.email === body.email);
      if (entry) entry.teams = entry.teams.filter((t: Json) => t.id !== p.teamId);
      return { status: 204 };
    },
    listAdmins: () => ({ status: 200, body: admins }),
    addAdmin: (_p, body) => {
      admins.push({ id: randomUUID(), email: body.email });
      return { status: 204 };
    },
    removeAdmin: (_p, body) => {
      const index = admins.findIndex((a) => a.email === body.email);
      if (index < 0) return notFound;
      admins.splice(index, 1);
      return { status: 204 };
    },
    getBilling: () => ({ status: 200, body: example('getBilling') }),
    getBillingManageUrl: () => ({ status: 200, body: example('getBillingManageUrl') }),
    updateBilling: () => ({ status: 204 }),
    slackAuth: () => refuse('The Slack authorisation code is invalid or has expired.'),
    googleSignIn: () => refuse('Invalid Google code'),
    resetPassword: () => refuse('The reset link is invalid or has expired.'),
    verifyEmailChange: () => refuse('The link is invalid or has expired.'),
    createTeam: (_p, body) => {
      if (teams.some((t) => t.name === body.name)) return refuse('A team with this name exists.');
      if (!has('createTeam: not stored'))
        teams.push({ id: randomUUID(), name: body.name, deviceCount: 0 });
      return { status: 204 };
    },
    deleteTeam: (p) => {
      if (devices.some((d) => d.teamId === p.teamId)) return refuse('The team still has devices.');
      const index = teams.findIndex((t) => t.id === p.teamId);
      if (index < 0) return notFound;
      teams.splice(index, 1);
      for (const store of [reports, settings, policies]) store.delete(p.teamId!);
      return { status: 204 };
    },
    createTeamInvite: (p) => {
      const id = randomUUID();
      invites.add(id);
      return {
        status: 200,
        body: { invite_link: `https://join.example/${p.teamId}/${id}`, inviteId: id },
      };
    },
    getTeamInvite: (p) =>
      invites.has(p.inviteId!) ? { status: 200, body: { deviceId: null } } : notFound,
    snoozeEmails: (_p, body) => (invites.has(body.inviteId) ? { status: 204 } : notFound),
    renameDevice: (p, body) => {
      const device = devices.find((d) => d.id === p.deviceId);
      if (!device) return notFound;
      device.deviceName = body.deviceName;
      return { status: 204 };
    },
    moveDevice: (p, body) => {
      const device = devices.find((d) => d.id === p.deviceId);
      if (!device || !teamOf(body.teamId)) return notFound;
      device.teamId = body.teamId;
      return { status: 204 };
    },
    publishDevice: (p, body) => {
      const device = devices.find((d) => d.id === p.deviceId);
      if (!device) return notFound;
      device.publicId = body.slug ?? device.deviceName;
      return { status: 204 };
    },
    unpublishDevice: (p) => {
      const device = devices.find((d) => d.id === p.deviceId);
      if (!device) return notFound;
      device.publicId = null;
      return { status: 204 };
    },
    removeDevice: (_p, body) => {
      const index = devices.findIndex(
        (d) => d.id === body.id && d.machineUUID === body.machineUUID,
      );
      if (index < 0) return notFound;
      devices.splice(index, 1);
      return { status: 204 };
    },
    createTwoFactorSecret: () => {
      twoFactorSecret = 'JBSWY3DPEHPK3PXP';
      return {
        status: 200,
        body: {
          secret: twoFactorSecret,
          uri: `otpauth://totp/Fake:${user.email}?secret=${twoFactorSecret}`,
        },
      };
    },
    confirmTwoFactor: (_p, body) => {
      if (body.secret !== twoFactorSecret || body.totp !== totpCode(twoFactorSecret))
        return refuse('Wrong code');
      user.twoFAProvisioned = true;
      return { status: 204 };
    },
    changePassword: (_p, body) => {
      if (body.oldPassword !== password) return refuse('The current password is wrong.');
      if (
        has('changePassword: refuses an earlier password') &&
        earlierPasswords.includes(body.newPassword)
      )
        return refuse('Choose a password you have not used before.');
      earlierPasswords.push(password);
      password = body.newPassword;
      return { status: 204 };
    },
    requestPasswordReset: () => ({ status: 204 }),
    requestEmailChange: () => ({ status: 204 }),
    saveOnboardingInfo: () => ({ status: 204 }),
    impersonateByEmail: () => refuse('Only support staff can impersonate.'),
    impersonateById: () => refuse('Only support staff can impersonate.'),
    logout: () => ({ status: 204 }),
    getTeamHistory: () => ({ status: 200, body: example('getTeamHistory') }),
    listExemptions: () => ({ status: 200, body: { exemptions: [] } }),
    createExemption: () => refuse('The device is not in this team.'),
    endExemption: () => notFound,
    listActivity: () => ({ status: 200, body: example('listActivity') }),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const pathname = url.pathname.replace(/^\/api\/v1/, '');
      const operation = matchOperation(operations, req.method ?? 'GET', pathname);
      const headers: Record<string, string> = { 'openapi-hash': OPENAPI_HASH };
      if (!operation?.operationId) {
        res.writeHead(404, { ...headers, 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: ['No such route'] }));
        return;
      }
      calls.push(`${operation.method} ${operation.operationId}`);
      const item = document.paths[operation.template][operation.method.toLowerCase()];
      const secured = !operationIsPublic(document, item);
      const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      let answer: Answer;
      if (secured && !tokens.has(bearer))
        answer = { status: 401, body: { errors: ['Unauthorized'] } };
      else {
        const values = operation.pattern.exec(pathname)?.slice(1) ?? [];
        const params: Record<string, string> = {};
        operation.params.forEach((name, i) => (params[name] = decodeURIComponent(values[i] ?? '')));
        const text = Buffer.concat(chunks).toString('utf8');
        const body = text ? JSON.parse(text) : {};
        answer = handlers[operation.operationId]!(params, body, url.searchParams);
        if (operation.operationId === 'logout') tokens.delete(bearer);
        if (operation.operationId === hold && !held) {
          held = true;
          arrived();
          await released;
        }
      }
      if (has('getBilling: no openapi-hash') && operation.operationId === 'getBilling') {
        delete headers['openapi-hash'];
      }
      if (answer.body === undefined) {
        res.writeHead(answer.status, headers);
        res.end();
      } else {
        res.writeHead(answer.status, { ...headers, 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    server,
    calls,
    state: () =>
      structuredClone({
        teams,
        devices,
        reports: Object.fromEntries(reports),
        admins,
        collaborators,
        password,
        settings: Object.fromEntries(settings),
        policies: Object.fromEntries(policies),
      }),
    holding,
    release,
    url: `http://127.0.0.1:${port}/api/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
