// The sandbox's request handlers: every operation of the contract (typed with openapi-msw against
// the generated `paths`, so a path, a parameter or an answer the contract does not have is a type
// error), the control endpoints under /__sandbox (reset, switch person, simulations, mail, and the
// test-only fault switch), and a catch-all that answers 404 in the contract's shape. The same
// handlers serve HTTP (server.ts, @mswjs/http-middleware) and vitest (msw/node setupServer).
import * as v from 'valibot';
import { http, type HttpHandler } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import type { paths } from '../../generated/api';
import { COMPONENT_SCHEMAS as C } from '../../generated/component-schemas';
import type { ActivityFilter } from './activity';
import { example } from './contract';
import { MAX_HISTORY_DAYS } from './history';
import type { ListQuery } from './devices';
import { HASH_HEADER, isJson, problemResponse, refusal, serve, withHash } from './http';
import { neighbourReleaseControls } from './neighbour-release';
import {
  EMAIL_TAGS,
  FAULT_KINDS,
  GOOGLE_WORLD,
  parseLoginEmail,
  type Sandbox,
  type Signed,
} from './sandbox';
import { PERSON, VARIANTS, isVariant } from './story';
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

  return [
    // --- the signed-in user, admins, collaborators ----------------------------------------------
    api.get('/user', (info) =>
      serve(sandbox, 'GET /user', info, (call) => {
        if ([...(call.query.get('fields') ?? '')].length > 255) {
          throw badRequest('fields must be at most 255 characters');
        }
        const { session } = call.signed!;
        return info.response(200).json(call.world().userView(call.me(), session.token, call.now));
      }),
    ),
    api.get('/user/collaborators', (info) =>
      serve(sandbox, 'GET /user/collaborators', info, (call) =>
        info.response(200).json(call.world().listCollaborators(call.me())),
      ),
    ),
    api.get('/user/admins', (info) =>
      serve(sandbox, 'GET /user/admins', info, (call) =>
        info.response(200).json(call.world().listAdmins(call.me())),
      ),
    ),
    api.post('/user/admin', (info) =>
      serve(sandbox, 'POST /user/admin', info, async (call) => {
        await call.world().addAdmin(call.me(), call.body, call.now);
        return info.response(204).empty();
      }),
    ),
    api.delete('/user/admin', (info) =>
      serve(sandbox, 'DELETE /user/admin', info, async (call) => {
        await call.world().removeAdmin(call.me(), call.body);
        return info.response(204).empty();
      }),
    ),
    api.post('/user/collaborator', (info) =>
      serve(sandbox, 'POST /user/collaborator', info, async (call) => {
        await call.world().addCollaborator(call.me(), call.body, call.now);
        return info.response(204).empty();
      }),
    ),

    // --- teams --------------------------------------------------------------------------------
    api.get('/teams', (info) =>
      serve(sandbox, 'GET /teams', info, (call) =>
        info.response(200).json(call.world().listTeams(call.me())),
      ),
    ),
    api.post('/team/{teamId}/collaborator', (info) =>
      serve(sandbox, 'POST /team/{teamId}/collaborator', info, async (call) =>
        info
          .response(200)
          .json(await call.world().addTeamCollaborator(call.me(), call.params.teamId!, call.body)),
      ),
    ),
    api.delete('/team/{teamId}/collaborator', (info) =>
      serve(sandbox, 'DELETE /team/{teamId}/collaborator', info, async (call) => {
        await call.world().removeTeamCollaborator(call.me(), call.params.teamId!, call.body);
        return info.response(204).empty();
      }),
    ),
    api.post('/team/create', (info) =>
      serve(sandbox, 'POST /team/create', info, async (call) => {
        await call.world().createTeam(call.me(), call.body, call.now);
        return info.response(204).empty();
      }),
    ),
    api.delete('/team/{teamId}', (info) =>
      serve(sandbox, 'DELETE /team/{teamId}', info, async (call) => {
        await call.world().deleteTeam(call.me(), call.params.teamId!);
        return info.response(204).empty();
      }),
    ),
    api.get('/team/{teamId}', (info) =>
      serve(sandbox, 'GET /team/{teamId}', info, (call) => {
        const world = call.world();
        return info
          .response(200)
          .json(world.teamSummary(world.team(call.me(), call.params.teamId!)));
      }),
    ),
    api.get('/team/{teamId}/public', (info) =>
      serve(sandbox, 'GET /team/{teamId}/public', info, async (call) => {
        const teamId = call.params.teamId!;
        const world = await publicWorld(call.signed, teamId, (item) =>
          Boolean(item.teams.findFirst((q) => q.where({ id: teamId }))),
        );
        return info.response(200).json(world.publicTeam(teamId));
      }),
    ),
    api.get('/team/{teamId}/overview', (info) =>
      serve(sandbox, 'GET /team/{teamId}/overview', info, (call) =>
        info
          .response(200)
          .json(call.world().teamOverview(call.me(), call.params.teamId!, call.now)),
      ),
    ),
    api.get('/team/{teamId}/history', (info) =>
      serve(sandbox, 'GET /team/{teamId}/history', info, (call) => {
        const days = int(call.query, 'days', 90, 1, MAX_HISTORY_DAYS);
        return info
          .response(200)
          .json(call.world().teamHistory(call.me(), call.params.teamId!, days, call.now));
      }),
    ),
    api.get('/team/{teamId}/invite/{inviteId}', (info) =>
      serve(sandbox, 'GET /team/{teamId}/invite/{inviteId}', info, async (call) => {
        const { teamId, inviteId } = call.params as { teamId: string; inviteId: string };
        const world = await publicWorld(call.signed, inviteId, (item) =>
          Boolean(item.invites.findFirst((q) => q.where({ id: inviteId }))),
        );
        return info.response(200).json({ deviceId: world.invite(teamId, inviteId).deviceId });
      }),
    ),
    api.post('/team/{teamId}/invite', (info) =>
      serve(sandbox, 'POST /team/{teamId}/invite', info, async (call) =>
        info
          .response(200)
          .json(
            await call
              .world()
              .createInvite(call.me(), call.params.teamId!, call.body, call.origin, call.now),
          ),
      ),
    ),
    api.get('/team/{teamId}/devices', (info) =>
      serve(sandbox, 'GET /team/{teamId}/devices', info, (call) =>
        info
          .response(200)
          .json(
            call
              .world()
              .listDevices(call.me(), call.params.teamId!, listQuery(call.query), call.now),
          ),
      ),
    ),

    // --- devices --------------------------------------------------------------------------------
    api.get('/device/{deviceId}', (info) =>
      serve(sandbox, 'GET /device/{deviceId}', info, (call) =>
        info.response(200).json(call.world().getDevice(call.me(), call.params.deviceId!, call.now)),
      ),
    ),
    api.patch('/device/{deviceId}/rename', (info) =>
      serve(sandbox, 'PATCH /device/{deviceId}/rename', info, async (call) => {
        await call.world().renameDevice(call.me(), call.params.deviceId!, call.body);
        return info.response(204).empty();
      }),
    ),
    api.patch('/device/{deviceId}/move', (info) =>
      serve(sandbox, 'PATCH /device/{deviceId}/move', info, async (call) => {
        await call.world().moveDevice(call.me(), call.params.deviceId!, call.body, call.now);
        return info.response(204).empty();
      }),
    ),
    api.post('/device/{deviceId}/public', (info) =>
      serve(sandbox, 'POST /device/{deviceId}/public', info, async (call) => {
        await call.world().publishDevice(call.me(), call.params.deviceId!, call.body);
        return info.response(204).empty();
      }),
    ),
    api.delete('/device/{deviceId}/public', (info) =>
      serve(sandbox, 'DELETE /device/{deviceId}/public', info, async (call) => {
        await call.world().unpublishDevice(call.me(), call.params.deviceId!);
        return info.response(204).empty();
      }),
    ),
    api.delete('/team/{teamId}/device', (info) =>
      serve(sandbox, 'DELETE /team/{teamId}/device', info, async (call) => {
        await call.world().removeDevice(call.me(), call.params.teamId!, call.body);
        return info.response(204).empty();
      }),
    ),

    // --- team settings --------------------------------------------------------------------------
    api.get('/team/{teamId}/settings/checks', (info) =>
      serve(sandbox, 'GET /team/{teamId}/settings/checks', info, (call) =>
        info.response(200).json(call.world().checkSettings(call.me(), call.params.teamId!)),
      ),
    ),
    api.patch('/team/{teamId}/settings/checks', (info) =>
      serve(sandbox, 'PATCH /team/{teamId}/settings/checks', info, async (call) =>
        info
          .response(200)
          .json(
            await call
              .world()
              .updateCheckSettings(call.me(), call.params.teamId!, call.body, call.now),
          ),
      ),
    ),
    api.post('/team/{teamId}/settings/checks/preset', (info) =>
      serve(sandbox, 'POST /team/{teamId}/settings/checks/preset', info, async (call) => {
        await call.world().applyPreset(call.me(), call.params.teamId!, call.body, call.now);
        return info.response(204).empty();
      }),
    ),
    api.get('/team/{teamId}/settings/device', (info) =>
      serve(sandbox, 'GET /team/{teamId}/settings/device', info, (call) =>
        info.response(200).json(call.world().devicePolicy(call.me(), call.params.teamId!)),
      ),
    ),
    api.patch('/team/{teamId}/settings/device', (info) =>
      serve(sandbox, 'PATCH /team/{teamId}/settings/device', info, async (call) =>
        info
          .response(200)
          .json(await call.world().updateDevicePolicy(call.me(), call.params.teamId!, call.body)),
      ),
    ),
    api.get('/team/{teamId}/exemptions', (info) =>
      serve(sandbox, 'GET /team/{teamId}/exemptions', info, (call) =>
        info
          .response(200)
          .json(call.world().listExemptions(call.me(), call.params.teamId!, call.now)),
      ),
    ),
    api.post('/team/{teamId}/exemptions', (info) =>
      serve(sandbox, 'POST /team/{teamId}/exemptions', info, async (call) =>
        info
          .response(201)
          .json(
            await call.world().createExemption(call.me(), call.params.teamId!, call.body, call.now),
          ),
      ),
    ),
    api.post('/team/{teamId}/exemptions/{exemptionId}/end', (info) =>
      serve(sandbox, 'POST /team/{teamId}/exemptions/{exemptionId}/end', info, async (call) => {
        const { teamId, exemptionId } = call.params as { teamId: string; exemptionId: string };
        await call.world().endExemption(call.me(), teamId, exemptionId, call.now);
        return info.response(204).empty();
      }),
    ),
    api.get('/team/{teamId}/slack/integrations', (info) =>
      serve(sandbox, 'GET /team/{teamId}/slack/integrations', info, (call) =>
        info.response(200).json(call.world().slackIntegrations(call.me(), call.params.teamId!)),
      ),
    ),
    api.get('/slack/auth', (info) =>
      serve(sandbox, 'GET /slack/auth', info, async (call) => {
        const code = call.query.get('code') ?? '';
        if (code === '') throw badRequest('code is required');
        return info.response(200).json(await call.world().connectSlack(call.me(), code));
      }),
    ),
    api.get('/team/{teamId}/report/emails', (info) =>
      serve(sandbox, 'GET /team/{teamId}/report/emails', info, (call) =>
        info.response(200).json(call.world().listReportEmails(call.me(), call.params.teamId!)),
      ),
    ),
    api.post('/team/{teamId}/report/email', (info) =>
      serve(sandbox, 'POST /team/{teamId}/report/email', info, async (call) =>
        info
          .response(200)
          .json(await call.world().addReportEmail(call.me(), call.params.teamId!, call.body)),
      ),
    ),
    api.delete('/team/{teamId}/report/email', (info) =>
      serve(sandbox, 'DELETE /team/{teamId}/report/email', info, async (call) =>
        info
          .response(200)
          .json(await call.world().removeReportEmail(call.me(), call.params.teamId!, call.body)),
      ),
    ),
    api.patch('/team/{teamId}/snooze/emails', (info) =>
      serve(sandbox, 'PATCH /team/{teamId}/snooze/emails', info, async (call) => {
        const inviteId = call.body.inviteId.toLowerCase();
        const world = await publicWorld(call.signed, inviteId, (item) =>
          Boolean(item.invites.findFirst((q) => q.where({ id: inviteId }))),
        );
        await world.snooze(call.params.teamId!, inviteId, call.now);
        return info.response(204).empty();
      }),
    ),

    // --- sign-in, credentials, impersonation ----------------------------------------------------
    api.post('/user/login', (info) =>
      serve(sandbox, 'POST /user/login', info, async (call) => {
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
        return info.response(200).json({ token: await sandbox.issue(world, person.id) });
      }),
    ),
    api.post('/user/logout', (info) =>
      serve(sandbox, 'POST /user/logout', info, (call) => {
        sandbox.endSession(call.signed!.session.token);
        return info.response(204).empty();
      }),
    ),
    api.post('/sso/google', (info) =>
      serve(sandbox, 'POST /sso/google', info, async (call) => {
        const world = await sandbox.world(GOOGLE_WORLD, 'northwind');
        if (!world.useCode(`google:${call.body.code}`))
          throw badRequest('This Google sign-in code was already used.');
        const owner = world.people.findFirst((q) => q.where({ role: 'owner' }));
        if (!owner) throw loginFailed();
        return info.response(200).json({ token: await sandbox.issue(world, owner.id) });
      }),
    ),
    api.post('/user/impersonate/email', (info) =>
      serve(sandbox, 'POST /user/impersonate/email', info, async (call) => {
        const me = call.me();
        if (!me.isSuperuser) throw badRequest('Only support staff can impersonate.');
        const target = call.world().personByEmail(call.body.email);
        if (!target) throw notFound(`No user with the email ${call.body.email}`);
        return info
          .response(200)
          .json({ token: await sandbox.issue(call.world(), target.id, me.id) });
      }),
    ),
    api.post('/user/impersonate/id', (info) =>
      serve(sandbox, 'POST /user/impersonate/id', info, async (call) => {
        const me = call.me();
        if (!me.isSuperuser) throw badRequest('Only support staff can impersonate.');
        const target = call.world().person(call.body.id.toLowerCase());
        if (!target) throw notFound('No user with this id');
        return info
          .response(200)
          .json({ token: await sandbox.issue(call.world(), target.id, me.id) });
      }),
    ),
    api.post('/user/2fa', (info) =>
      serve(sandbox, 'POST /user/2fa', info, async (call) =>
        info.response(200).json(await call.world().createTwoFactorSecret(call.me())),
      ),
    ),
    api.patch('/user/2fa', (info) =>
      serve(sandbox, 'PATCH /user/2fa', info, async (call) => {
        await call.world().confirmTwoFactor(call.me(), call.body, call.now);
        return info.response(204).empty();
      }),
    ),
    api.post('/user/password/change', (info) =>
      serve(sandbox, 'POST /user/password/change', info, async (call) => {
        await call.world().changePassword(call.me(), call.body);
        return info.response(204).empty();
      }),
    ),
    api.post('/user/password/reset', (info) =>
      serve(sandbox, 'POST /user/password/reset', info, async (call) => {
        // Answered the same whether the address is known or not (nothing to learn from it).
        const identity = parseLoginEmail(call.body.email);
        const world = sandbox.existing(identity.worldKey);
        const person = world?.person(PERSON[identity.person]);
        if (world && person) await world.requestPasswordReset(person, call.now);
        return info.response(204).empty();
      }),
    ),
    api.post('/user/password/reset/change', (info) =>
      serve(sandbox, 'POST /user/password/reset/change', info, async (call) => {
        const world = sandbox.find((item) =>
          Boolean(
            item.passwordResets.findFirst((q) => q.where({ resetToken: call.body.resetToken })),
          ),
        );
        if (!world)
          throw new ApiProblem(
            400,
            example('POST /user/password/reset/change', 'expiredLink', 400),
          );
        await world.resetPassword(call.body, call.now);
        return info.response(204).empty();
      }),
    ),
    api.post('/user/email/change', (info) =>
      serve(sandbox, 'POST /user/email/change', info, async (call) => {
        await call.world().requestEmailChange(call.me(), call.body, call.now);
        return info.response(204).empty();
      }),
    ),
    api.post('/user/email/verify', (info) =>
      serve(sandbox, 'POST /user/email/verify', info, async (call) => {
        const world = sandbox.find((item) =>
          Boolean(
            item.emailChanges.findFirst((q) => q.where({ changeToken: call.body.changeToken })),
          ),
        );
        if (!world)
          throw new ApiProblem(400, example('POST /user/email/verify', 'invalidLink', 400));
        return info.response(200).json(await world.verifyEmailChange(call.body, call.now));
      }),
    ),
    api.post('/user/info', (info) =>
      serve(sandbox, 'POST /user/info', info, async (call) => {
        await call.world().saveOnboardingInfo(call.me());
        return info.response(204).empty();
      }),
    ),

    api.get('/user/activity', (info) =>
      serve(sandbox, 'GET /user/activity', info, (call) => {
        const filter = activityFilter(call.query);
        const page = int(call.query, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
        const pageSize = int(call.query, 'pageSize', 20, 1, 100);
        return info
          .response(200)
          .json(call.world().listActivity(call.me(), filter, page, pageSize));
      }),
    ),

    // --- billing --------------------------------------------------------------------------------
    api.get('/user/billing', (info) =>
      serve(sandbox, 'GET /user/billing', info, (call) =>
        info.response(200).json(call.world().billingOf(call.me())),
      ),
    ),
    api.patch('/user/billing', (info) =>
      serve(sandbox, 'PATCH /user/billing', info, async (call) => {
        await call.world().updateBilling(call.me(), call.body);
        return info.response(204).empty();
      }),
    ),
    api.get('/user/billing/manage', (info) =>
      serve(sandbox, 'GET /user/billing/manage', info, (call) =>
        info.response(200).json(call.world().manageUrl(call.me())),
      ),
    ),

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
  let data: unknown = {};
  const text = await request.text();
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ControlError(400, 'The body is not valid JSON');
    }
  }
  const result = v.safeParse(schema, data);
  if (!result.success) {
    throw new ControlError(400, result.issues.map((issue) => issue.message).join('; '));
  }
  return result.output;
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The control endpoints: JSON in and out, the world named by the session's bearer token. */
export function controlHandlers(sandbox: Sandbox, base = CONTROL_BASE): HttpHandler[] {
  const signedIn = (request: Request): Signed => {
    const header = request.headers.get('authorization') ?? '';
    const signed = sandbox.signed(header.startsWith('Bearer ') ? header.slice(7) : null);
    if (!signed) throw new ControlError(401, 'Sign in first: the world is the one of your session');
    return signed;
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
        if (error instanceof ControlError) return reply(error.status, { message: error.message });
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
      const header = request.headers.get('authorization') ?? '';
      const signed = sandbox.signed(header.startsWith('Bearer ') ? header.slice(7) : null);
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
      let key: string;
      let variant: string;
      if (body.email) {
        const identity = parseLoginEmail(body.email);
        key = identity.worldKey;
        variant = body.variant ?? sandbox.existing(key)?.meta.variant ?? identity.variant;
      } else {
        const { world } = signedIn(request);
        key = world.meta.key;
        variant = body.variant ?? world.meta.variant;
      }
      if (!isVariant(variant)) throw new ControlError(400, `Unknown story ${variant}`);
      const world = await sandbox.reset(key, variant);
      return { world: world.describe(sandbox.now()) };
    }),
    control('post', '/person', async (request) => {
      const { world } = signedIn(request);
      const { personId } = await parse(request, PersonBody);
      if (!world.person(personId)) throw new ControlError(404, 'No such person in this world');
      return { token: await sandbox.issue(world, personId) };
    }),
    control('post', '/simulate/link', async (request) => {
      const { world } = signedIn(request);
      const body = await parse(request, LinkBody);
      return world.linkDevice(body.teamId, sandbox.now(), body.email);
    }),
    control('post', '/simulate/stop-reporting', async (request) => {
      const { world } = signedIn(request);
      const { deviceId } = await parse(request, DeviceBody);
      const device = await world.stopReporting(deviceId, sandbox.now());
      return { deviceId, status: device.status, lastCheck: device.lastCheck };
    }),
    control('post', '/simulate/report', async (request) => {
      const { world } = signedIn(request);
      const { deviceId } = await parse(request, DeviceBody);
      const device = await world.reportAgain(deviceId, sandbox.now());
      return { deviceId, status: device.status, lastCheck: device.lastCheck };
    }),
    control('get', '/mail', async (request) => {
      const email = new URL(request.url).searchParams.get('email');
      const world = email
        ? sandbox.existing(parseLoginEmail(email).worldKey)
        : signedIn(request).world;
      if (!world) throw new ControlError(404, 'No world for this email yet');
      return { mail: [...world.mail.all()].reverse() };
    }),
    control('post', '/fault', async (request) => {
      if (!sandbox.faultsEnabled)
        throw new ControlError(404, 'The fault switch is off (SANDBOX_FAULTS=1)');
      const body = await parse(request, FaultBody);
      sandbox.setFault({
        operation: body.operation,
        kind: body.kind,
        remaining: body.times ?? null,
      });
      return { faults: sandbox.faults };
    }),
    control('delete', '/fault', async () => {
      if (!sandbox.faultsEnabled)
        throw new ControlError(404, 'The fault switch is off (SANDBOX_FAULTS=1)');
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
