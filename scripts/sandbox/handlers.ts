// The sandbox's request handlers: every operation of the contract (typed with openapi-msw against
// the generated `paths`, so a path, a parameter or an answer the contract does not have is a type
// error), the control endpoints under /__sandbox (reset, switch person, simulations, mail, and the
// test-only fault switch), and a catch-all that answers 404 in the contract's shape. The same
// handlers serve HTTP (server.ts, @mswjs/http-middleware) and vitest (msw/node setupServer).
import * as v from 'valibot';
import { http, type HttpHandler } from 'msw';
import { createOpenApiHttp, type HttpMethod, type ResponseResolverInfo } from 'openapi-msw';
import type { paths } from '../../generated/api';
import { COMPONENT_SCHEMAS as C } from '../../generated/component-schemas';
import type { ActivityFilter } from './activity';
import { example } from './contract';
import { MAX_HISTORY_DAYS } from './history';
import type { ListQuery } from './devices';
import {
  HASH_HEADER,
  isJson,
  problemResponse,
  refusal,
  serve,
  withHash,
  type BodyOf,
  type Call,
  type OperationKey,
} from './http';
import { neighbourReleaseControls } from './neighbour-release';
import type { Person } from './records';
import {
  EMAIL_TAGS,
  FAULT_KINDS,
  GOOGLE_WORLD,
  parseLoginEmail,
  type Sandbox,
  type Signed,
} from './sandbox';
import { PERSON, VARIANTS, isVariant } from './story';
import { contractProblem } from './shared';
import { ApiProblem, badRequest, notFound, type World } from './world';

export const API_BASE = '/api/v1';
export const CONTROL_BASE = '/__sandbox';

function int(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function picked<T extends string>(
  query: URLSearchParams,
  name: string,
  schema: v.GenericSchema<unknown, T>,
  fallback: T,
): T {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const result = v.safeParse(schema, raw);
  if (!result.success)
    throw badRequest(`${name} ${JSON.stringify(raw)} is not one of the allowed values`);
  return result.output;
}

/** SPEC §7, §9: page 1, 20 per page, ordered by device name ascending unless asked otherwise. */
export function listQuery(query: URLSearchParams): ListQuery {
  const search = query.get('search') ?? '';
  if ([...search].length > 255) throw badRequest('search must be at most 255 characters');
  return {
    page: int(query, 'page', 1, 1, Number.MAX_SAFE_INTEGER),
    pageSize: int(query, 'pageSize', 20, 1, 100),
    orderBy: picked(query, 'orderBy', C.DeviceSortColumn, 'deviceName'),
    direction: picked(query, 'direction', C.SortDirection, 'asc'),
    search,
  };
}

/** The activity log's filters: a person, a kind, from (inclusive) to (exclusive). */
export function activityFilter(query: URLSearchParams): ActivityFilter {
  const time = (name: string) => {
    const raw = query.get(name);
    if (raw === null || raw === '') return undefined;
    if (!v.is(C.ActivityEntry.entries.at, raw)) throw badRequest(`${name} must be a date-time`);
    return Date.parse(raw);
  };
  const actor = query.get('actor') || undefined;
  if (actor && [...actor].length > 255) throw badRequest('actor must be at most 255 characters');
  const kind = query.get('kind')
    ? picked(query, 'kind', C.ActivityKind, 'deviceRenamed')
    : undefined;
  const [from, to] = [time('from'), time('to')];
  if (from !== undefined && to !== undefined && to < from) throw badRequest('to is before from');
  return { actor, kind, from, to };
}

/** openapi-msw's resolver argument for an operation ("GET /teams"). */
type InfoOf<Key extends OperationKey> = Key extends `${infer M} ${infer P}`
  ? ResponseResolverInfo<paths, Extract<P, keyof paths>, Extract<Lowercase<M>, HttpMethod>>
  : never;
/** An operation's typed `response` helper that answers 200 with a T, or 204. */
type Answers<T> = { response: (status: 200) => { json: (body: T) => Response } };
type NoContent = { response: (status: 204) => { empty: () => Response } };

const loginFailed = () => new ApiProblem(401, example('POST /user/login', 'loginFailed', 401));

/** The operations of the contract. */
export function apiHandlers(sandbox: Sandbox, base = API_BASE): HttpHandler[] {
  const api = createOpenApiHttp<paths>({ baseUrl: base });

  /** A world a public call names: the session's, else the one holding the id. */
  const publicWorld = async (
    signed: Signed | undefined,
    id: string,
    holds: (world: World) => boolean,
  ) => {
    const world = signed?.world ?? (await sandbox.publicWorld(holds, id));
    if (!world || !holds(world)) throw notFound();
    return world;
  };
  /** Whether a world holds a team or an invite of this id. */
  const holds = (records: 'teams' | 'invites', id: string) => (item: World) =>
    item[records].all().some((record) => record.id === id);

  /**
   * The handler of an operation ("POST /user/admin"), answered by `serve`: `run` answers with the
   * operation's own typed `info.response` (openapi-msw), so an answer the contract does not have is
   * a type error.
   */
  const on = <Key extends OperationKey>(
    key: Key,
    run: (info: InfoOf<Key>, call: Call<BodyOf<Key>>) => Response | Promise<Response>,
  ): HttpHandler => {
    const [method, path] = key.split(' ') as [string, string];
    const handle = api[method.toLowerCase() as HttpMethod] as unknown as (
      path: string,
      resolver: (info: InfoOf<Key>) => Promise<Response>,
    ) => HttpHandler;
    return handle(path, (info) => serve(sandbox, key, info, (call) => run(info, call)));
  };
  /** A signed-in person's operation: `run` gets their world and themselves. */
  const mine = <Key extends OperationKey>(
    key: Key,
    run: (
      info: InfoOf<Key>,
      world: World,
      me: Person,
      call: Call<BodyOf<Key>>,
    ) => Response | Promise<Response>,
  ) => on(key, (info, call) => run(info, call.world(), call.me(), call));
  /** Answers 200 with the value (the operation's typed `response` checks it against the contract). */
  const ok = async <T>(info: Answers<T>, value: T | Promise<T>) =>
    info.response(200).json(await value);
  /** Support staff sign in as someone else. */
  const impersonate = async (
    info: Answers<{ token: string }>,
    world: World,
    me: Person,
    target: Person | undefined,
    which: string,
  ) => {
    if (!me.isSuperuser) throw badRequest('Only support staff can impersonate.');
    if (!target) throw notFound(`No user ${which}`);
    return ok(info, { token: await sandbox.issue(world, target.id, me.id) });
  };
  /** Makes the change, then answers 204. */
  const done = async (info: NoContent, change: unknown) => {
    await change;
    return info.response(204).empty();
  };

  return [
    // --- the signed-in user, admins, collaborators ----------------------------------------------
    mine('GET /user', (info, w, me, call) => {
      if ([...(call.query.get('fields') ?? '')].length > 255) {
        throw badRequest('fields must be at most 255 characters');
      }
      return ok(info, w.userView(me, call.signed!.session.token, call.now));
    }),
    mine('GET /user/collaborators', (info, w, me) => ok(info, w.listCollaborators(me))),
    mine('GET /user/admins', (info, w, me) => ok(info, w.listAdmins(me))),
    mine('POST /user/admin', (info, w, me, c) => done(info, w.addAdmin(me, c.body, c.now))),
    mine('DELETE /user/admin', (info, w, me, c) => done(info, w.removeAdmin(me, c.body))),
    mine('POST /user/collaborator', (info, w, me, c) =>
      done(info, w.addCollaborator(me, c.body, c.now)),
    ),

    // --- teams --------------------------------------------------------------------------------
    mine('GET /teams', (info, w, me) => ok(info, w.listTeams(me))),
    mine('POST /team/{teamId}/collaborator', (info, w, me, c) =>
      ok(info, w.addTeamCollaborator(me, c.params.teamId!, c.body)),
    ),
    mine('DELETE /team/{teamId}/collaborator', (info, w, me, c) =>
      done(info, w.removeTeamCollaborator(me, c.params.teamId!, c.body)),
    ),
    mine('POST /team/create', (info, w, me, c) => done(info, w.createTeam(me, c.body, c.now))),
    mine('DELETE /team/{teamId}', (info, w, me, c) =>
      done(info, w.deleteTeam(me, c.params.teamId!)),
    ),
    mine('GET /team/{teamId}', (info, w, me, c) =>
      ok(info, w.teamSummary(w.team(me, c.params.teamId!))),
    ),
    on('GET /team/{teamId}/public', async (info, call) => {
      const teamId = call.params.teamId!;
      const world = await publicWorld(call.signed, teamId, holds('teams', teamId));
      return ok(info, world.publicTeam(teamId));
    }),
    mine('GET /team/{teamId}/overview', (info, w, me, c) =>
      ok(info, w.teamOverview(me, c.params.teamId!, c.now)),
    ),
    mine('GET /team/{teamId}/history', (info, w, me, c) => {
      const days = int(c.query, 'days', 90, 1, MAX_HISTORY_DAYS);
      return ok(info, w.teamHistory(me, c.params.teamId!, days, c.now));
    }),
    on('GET /team/{teamId}/invite/{inviteId}', async (info, call) => {
      const { teamId, inviteId } = call.params as { teamId: string; inviteId: string };
      const world = await publicWorld(call.signed, inviteId, holds('invites', inviteId));
      return ok(info, { deviceId: world.invite(teamId, inviteId).deviceId });
    }),
    mine('POST /team/{teamId}/invite', (info, w, me, c) =>
      ok(info, w.createInvite(me, c.params.teamId!, c.body, c.origin, c.now)),
    ),
    mine('GET /team/{teamId}/devices', (info, w, me, c) =>
      ok(info, w.listDevices(me, c.params.teamId!, listQuery(c.query), c.now)),
    ),

    // --- devices --------------------------------------------------------------------------------
    mine('GET /device/{deviceId}', (info, w, me, c) =>
      ok(info, w.getDevice(me, c.params.deviceId!, c.now)),
    ),
    mine('PATCH /device/{deviceId}/rename', (info, w, me, c) =>
      done(info, w.renameDevice(me, c.params.deviceId!, c.body)),
    ),
    mine('PATCH /device/{deviceId}/move', (info, w, me, c) =>
      done(info, w.moveDevice(me, c.params.deviceId!, c.body, c.now)),
    ),
    mine('POST /device/{deviceId}/public', (info, w, me, c) =>
      done(info, w.publishDevice(me, c.params.deviceId!, c.body)),
    ),
    mine('DELETE /device/{deviceId}/public', (info, w, me, c) =>
      done(info, w.unpublishDevice(me, c.params.deviceId!)),
    ),
    mine('DELETE /team/{teamId}/device', (info, w, me, c) =>
      done(info, w.removeDevice(me, c.params.teamId!, c.body)),
    ),

    // --- team settings --------------------------------------------------------------------------
    mine('GET /team/{teamId}/settings/checks', (info, w, me, c) =>
      ok(info, w.checkSettings(me, c.params.teamId!)),
    ),
    mine('PATCH /team/{teamId}/settings/checks', (info, w, me, c) =>
      ok(info, w.updateCheckSettings(me, c.params.teamId!, c.body, c.now)),
    ),
    mine('POST /team/{teamId}/settings/checks/preset', (info, w, me, c) =>
      done(info, w.applyPreset(me, c.params.teamId!, c.body, c.now)),
    ),
    mine('GET /team/{teamId}/settings/device', (info, w, me, c) =>
      ok(info, w.devicePolicy(me, c.params.teamId!)),
    ),
    mine('PATCH /team/{teamId}/settings/device', (info, w, me, c) =>
      ok(info, w.updateDevicePolicy(me, c.params.teamId!, c.body)),
    ),
    mine('GET /team/{teamId}/exemptions', (info, w, me, c) =>
      ok(info, w.listExemptions(me, c.params.teamId!, c.now)),
    ),
    mine('POST /team/{teamId}/exemptions', async (info, w, me, c) =>
      info.response(201).json(await w.createExemption(me, c.params.teamId!, c.body, c.now)),
    ),
    mine('POST /team/{teamId}/exemptions/{exemptionId}/end', (info, w, me, c) =>
      done(info, w.endExemption(me, c.params.teamId!, c.params.exemptionId!, c.now)),
    ),
    mine('GET /team/{teamId}/slack/integrations', (info, w, me, c) =>
      ok(info, w.slackIntegrations(me, c.params.teamId!)),
    ),
    mine('GET /slack/auth', (info, w, me, c) => {
      const code = c.query.get('code') ?? '';
      if (code === '') throw badRequest('code is required');
      return ok(info, w.connectSlack(me, code));
    }),
    mine('GET /team/{teamId}/report/emails', (info, w, me, c) =>
      ok(info, w.listReportEmails(me, c.params.teamId!)),
    ),
    mine('POST /team/{teamId}/report/email', (info, w, me, c) =>
      ok(info, w.changeReportEmail(me, c.params.teamId!, c.body, true)),
    ),
    mine('DELETE /team/{teamId}/report/email', (info, w, me, c) =>
      ok(info, w.changeReportEmail(me, c.params.teamId!, c.body, false)),
    ),
    on('PATCH /team/{teamId}/snooze/emails', async (info, call) => {
      const inviteId = call.body.inviteId.toLowerCase();
      const world = await publicWorld(call.signed, inviteId, holds('invites', inviteId));
      return done(info, world.snooze(call.params.teamId!, inviteId, call.now));
    }),

    // --- sign-in, credentials, impersonation ----------------------------------------------------
    on('POST /user/login', async (info, call) => {
      const { world, person, identity } = await sandbox.identify(call.body.email);
      if (identity.unknownTag) {
        sandbox.log(
          `sandbox: unknown tag "+${identity.unknownTag}" in ${identity.worldKey}: signed in as Alice`,
        );
      }
      if (!person) throw loginFailed();
      const result = world.checkLogin(person, call.body.password, call.body.pin, call.now);
      if (result === 'failed') throw loginFailed();
      if (result === 'second factor') {
        throw new ApiProblem(412, example('POST /user/login', 'secondFactor', 412));
      }
      return ok(info, { token: await sandbox.issue(world, person.id) });
    }),
    on('POST /user/logout', (info, call) =>
      done(info, sandbox.endSession(call.signed!.session.token)),
    ),
    on('POST /sso/google', async (info, call) => {
      const world = await sandbox.world(GOOGLE_WORLD, 'northwind');
      if (!world.useCode(`google:${call.body.code}`))
        throw badRequest('This Google sign-in code was already used.');
      const owner = world.people.findFirst((q) => q.where({ role: 'owner' }));
      if (!owner) throw loginFailed();
      return ok(info, { token: await sandbox.issue(world, owner.id) });
    }),
    mine('POST /user/impersonate/email', (info, w, me, c) =>
      impersonate(info, w, me, w.personByEmail(c.body.email), `with the email ${c.body.email}`),
    ),
    mine('POST /user/impersonate/id', (info, w, me, c) =>
      impersonate(info, w, me, w.person(c.body.id.toLowerCase()), 'with this id'),
    ),
    mine('POST /user/2fa', (info, w, me) => ok(info, w.createTwoFactorSecret(me))),
    mine('PATCH /user/2fa', (info, w, me, c) => done(info, w.confirmTwoFactor(me, c.body, c.now))),
    mine('POST /user/password/change', (info, w, me, c) =>
      done(info, w.changePassword(me, c.body)),
    ),
    on('POST /user/password/reset', async (info, call) => {
      // Answered the same whether the address is known or not (nothing to learn from it).
      const identity = parseLoginEmail(call.body.email);
      const world = sandbox.existing(identity.worldKey);
      const person = world?.person(PERSON[identity.person]);
      return done(info, world && person && world.requestPasswordReset(person, call.now));
    }),
    on('POST /user/password/reset/change', (info, call) => {
      const world = sandbox.find((item) =>
        Boolean(
          item.passwordResets.findFirst((q) => q.where({ resetToken: call.body.resetToken })),
        ),
      );
      if (!world) throw contractProblem('POST /user/password/reset/change', 'expiredLink');
      return done(info, world.resetPassword(call.body, call.now));
    }),
    mine('POST /user/email/change', (info, w, me, c) =>
      done(info, w.requestEmailChange(me, c.body, c.now)),
    ),
    on('POST /user/email/verify', (info, call) => {
      const world = sandbox.find((item) =>
        Boolean(
          item.emailChanges.findFirst((q) => q.where({ changeToken: call.body.changeToken })),
        ),
      );
      if (!world) throw contractProblem('POST /user/email/verify', 'invalidLink');
      return ok(info, world.verifyEmailChange(call.body, call.now));
    }),
    mine('POST /user/info', (info, w, me) => done(info, w.saveOnboardingInfo(me))),

    mine('GET /user/activity', (info, w, me, { query }) => {
      const filter = activityFilter(query);
      const page = int(query, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
      return ok(info, w.listActivity(me, filter, page, int(query, 'pageSize', 20, 1, 100)));
    }),

    // --- billing --------------------------------------------------------------------------------
    mine('GET /user/billing', (info, w, me) => ok(info, w.billingOf(me))),
    mine('PATCH /user/billing', (info, w, me, c) => done(info, w.updateBilling(me, c.body))),
    mine('GET /user/billing/manage', (info, w, me) => ok(info, w.manageUrl(me))),

    // Anything else under the API base: not an operation of the contract.
    http.all(`${base}/*`, async () =>
      withHash(
        problemResponse(new ApiProblem(404, { message: 'No such operation in the contract' })),
      ),
    ),
  ];
}

// --- control endpoints (outside the contract) -------------------------------------------------

const ResetBody = v.object({ variant: v.optional(v.string()), email: v.optional(C.Email) });
const PersonBody = v.object({ personId: C.Uuid });
const LinkBody = v.object({ teamId: C.Uuid, email: v.optional(C.Email) });
const DeviceBody = v.object({ deviceId: C.Uuid });
const FaultBody = v.object({
  operation: v.pipe(v.string(), v.regex(/^(GET|POST|PUT|PATCH|DELETE) \/\S*$/)),
  kind: v.picklist(FAULT_KINDS),
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

async function parse<T>(request: Request, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const text = await request.text();
  let data: unknown;
  try {
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw refused(400, 'The body is not valid JSON');
  }
  const result = v.safeParse(schema, data);
  if (!result.success) {
    throw refused(400, result.issues.map((issue) => issue.message).join('; '));
  }
  return result.output;
}

/** A control's refusal: answered as `{ message }` (as an ApiProblem a control meets). */
const refused = (status: number, message: string) => new ApiProblem(status, { message });

/** The control endpoints: JSON in and out, the world named by the session's bearer token. */
export function controlHandlers(sandbox: Sandbox, base = CONTROL_BASE): HttpHandler[] {
  const signedOf = (request: Request) => {
    const header = request.headers.get('authorization') ?? '';
    return sandbox.signed(header.startsWith('Bearer ') ? header.slice(7) : null);
  };
  const signedIn = (request: Request): Signed => {
    const signed = signedOf(request);
    if (!signed) throw refused(401, 'Sign in first: the world is the one of your session');
    return signed;
  };
  /** A device stops reporting, or reports again. */
  const simulated = (action: 'stopReporting' | 'reportAgain') => async (request: Request) => {
    const { world } = signedIn(request);
    const { deviceId } = await parse(request, DeviceBody);
    const device = await world[action](deviceId, sandbox.now());
    return { deviceId, status: device.status, lastCheck: device.lastCheck };
  };
  const control = (
    method: 'get' | 'post' | 'delete',
    route: string,
    run: (request: Request) => Promise<unknown>,
  ) =>
    http[method](`${base}${route}`, async ({ request }) => {
      // A form or a text/plain POST from a page needs no preflight: the controls take JSON only.
      if (method === 'post' && !isJson(request)) {
        return reply(415, { message: 'Send JSON (content-type: application/json)' });
      }
      try {
        return reply(200, await sandbox.transaction(() => run(request)));
      } catch (error) {
        if (error instanceof ApiProblem) {
          return reply(error.status, {
            message: error.body.message ?? error.body.errors?.join(' '),
          });
        }
        sandbox.log(`sandbox: ${method.toUpperCase()} ${base}${route} failed: ${String(error)}`);
        return reply(500, { message: error instanceof Error ? error.message : String(error) });
      }
    });

  return [
    control('get', '/status', async (request) => {
      const signed = signedOf(request);
      return {
        sandbox: true,
        hashHeader: HASH_HEADER,
        faults: sandbox.faultsEnabled,
        variants: VARIANTS,
        tags: Object.keys(EMAIL_TAGS),
        world: signed
          ? {
              ...signed.world.describe(sandbox.now()),
              you: signed.person.id,
              impersonatedBy: signed.session.impersonatedBy,
            }
          : null,
      };
    }),
    control('post', '/reset', async (request) => {
      const body = await parse(request, ResetBody);
      // The world of the email, else the session's; the story it has, else the email's.
      const identity = body.email ? parseLoginEmail(body.email) : undefined;
      const world = identity ? sandbox.existing(identity.worldKey) : signedIn(request).world;
      const variant = body.variant ?? world?.meta.variant ?? identity!.variant;
      if (!isVariant(variant)) throw refused(400, `Unknown story ${variant}`);
      const reset = await sandbox.reset(identity?.worldKey ?? world!.meta.key, variant);
      return { world: reset.describe(sandbox.now()) };
    }),
    control('post', '/person', async (request) => {
      const { world } = signedIn(request);
      const { personId } = await parse(request, PersonBody);
      if (!world.person(personId)) throw refused(404, 'No such person in this world');
      return { token: await sandbox.issue(world, personId) };
    }),
    control('post', '/simulate/link', async (request) => {
      const { world } = signedIn(request);
      const body = await parse(request, LinkBody);
      return world.linkDevice(body.teamId, sandbox.now(), body.email);
    }),
    control('post', '/simulate/stop-reporting', simulated('stopReporting')),
    control('post', '/simulate/report', simulated('reportAgain')),
    control('get', '/mail', async (request) => {
      const email = new URL(request.url).searchParams.get('email');
      const world = email
        ? sandbox.existing(parseLoginEmail(email).worldKey)
        : signedIn(request).world;
      if (!world) throw refused(404, 'No world for this email yet');
      return { mail: [...world.mail.all()].reverse() };
    }),
    control('post', '/fault', async (request) => {
      if (!sandbox.faultsEnabled) throw refused(404, 'The fault switch is off (SANDBOX_FAULTS=1)');
      const { operation, kind, times } = await parse(request, FaultBody);
      sandbox.setFault({ operation, kind, remaining: times ?? null });
      return { faults: sandbox.faults };
    }),
    control('delete', '/fault', async () => {
      if (!sandbox.faultsEnabled) throw refused(404, 'The fault switch is off (SANDBOX_FAULTS=1)');
      sandbox.clearFaults();
      return { faults: [] };
    }),
    http.all(`${base}/*`, () => reply(404, { message: 'No such sandbox control' })),
  ];
}

/** Every handler of the sandbox, API and control endpoints, behind the this-machine-only guard. */
export function sandboxHandlers(sandbox: Sandbox): HttpHandler[] {
  const guard = http.all('*', ({ request }) => {
    const refused = refusal(request);
    if (refused)
      return reply(403, { message: `The sandbox answers this machine only: ${refused}` });
    return undefined;
  });
  return [
    guard,
    ...neighbourReleaseControls(sandbox, CONTROL_BASE),
    ...controlHandlers(sandbox),
    ...apiHandlers(sandbox),
  ];
}
