// The activity log (a proposal of the contract): every change a signed-in person makes through the
// sandbox, with who made it (and the support person impersonating them), when, and the object with
// its name at the time. `recorded` wraps every operation (http.ts): the change's description is
// taken before it runs (names as they were) and logged after it succeeded.
import { randomUUID } from 'node:crypto';
import { COMPONENT_SCHEMAS as C } from '../../generated/component-schemas';
import type { BodyOf, Call, OperationKey } from './http';
import type { Device, Person, Schemas, Team } from './records';
import type { Signed } from './sandbox';
import { iso, notFound, sameEmail } from './shared';
import type { World } from './world';

export const ActivityRecord = C.ActivityEntry;
type Entry = Schemas['ActivityEntry'];
type Draft = Pick<Entry, 'kind' | 'object' | 'detail'>;
/** The log keeps this many entries (the oldest go first). */
const KEPT = 2000;

export interface ActivityFilter {
  /** A person's id or email: their changes, as themselves or impersonating, or impersonated. */
  actor?: string;
  kind?: Schemas['ActivityKind'];
  /** From this time (ms, inclusive) to that (exclusive). */
  from?: number;
  to?: number;
}

export function matchesActivity(entry: Entry, filter: ActivityFilter): boolean {
  const at = Date.parse(entry.at);
  const { actor } = filter;
  const isActor = (person: Schemas['PersonRef'] | undefined) =>
    person !== undefined &&
    actor !== undefined &&
    (person.id === actor.toLowerCase() || sameEmail(person.email, actor));
  return (
    (actor === undefined || isActor(entry.actor) || isActor(entry.actor.impersonatedBy)) &&
    (filter.kind === undefined || entry.kind === filter.kind) &&
    (filter.from === undefined || at >= filter.from) &&
    (filter.to === undefined || at < filter.to)
  );
}

/** One page of the log (kept oldest first), newest first; the same time in reverse order of entry. */
export function activityPage(
  entries: readonly Entry[],
  filter: ActivityFilter,
  page: number,
  pageSize: number,
): Schemas['ActivityList'] {
  const found = entries
    .filter((entry) => matchesActivity(entry, filter))
    .reverse()
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const start = (page - 1) * pageSize;
  return {
    entries: found.slice(start, start + pageSize),
    page,
    pageSize,
    pageCount: Math.ceil(found.length / pageSize),
    total: found.length,
  };
}

const device = (d: Device) => ({ type: 'device' as const, id: d.id, name: d.deviceName });
const team = (t: Team) => ({ type: 'team' as const, id: t.id, name: t.name });
const person = (p: Person | undefined, email: string) => ({
  type: 'person' as const,
  id: p?.id ?? '',
  name: p?.email ?? email,
});
const day = (time: string) => time.slice(0, 10);

/** What a change is, described before it runs; the closure completes it after it succeeded. */
type Describe<K extends OperationKey> = (
  call: Call<BodyOf<K>>,
  world: World,
  me: Person,
) => (() => Draft) | undefined;

const deviceAt = (w: World, id: string) => w.devices.findFirst((q) => q.where({ id }))!;
const teamAt = (w: World, id: string) => w.teams.findFirst((q) => q.where({ id }))!;

/** A collaborator given or refused access to a team. */
const teamAccess =
  <K extends `${'POST' | 'DELETE'} /team/{teamId}/collaborator`>(
    kind: Draft['kind'],
  ): Describe<K> =>
  (call, world) => {
    const object = person(world.personByEmail(call.body.email), call.body.email);
    const detail = teamAt(world, call.params.teamId!).name;
    return () => ({ kind, object, detail });
  };

const DESCRIBE: { [K in OperationKey]?: Describe<K> } = {
  'PATCH /device/{deviceId}/rename': (call, world) => {
    const d = deviceAt(world, call.params.deviceId!);
    const detail = `${d.deviceName} → ${call.body.deviceName.trim()}`;
    return () => ({ kind: 'deviceRenamed', object: device(d), detail });
  },
  'PATCH /device/{deviceId}/move': (call, world) => {
    const d = deviceAt(world, call.params.deviceId!);
    const detail = `${teamAt(world, d.teamId).name} → ${teamAt(world, call.body.teamId)?.name}`;
    return () => ({ kind: 'deviceMoved', object: device(d), detail });
  },
  'POST /device/{deviceId}/public': (call, world) => {
    const d = deviceAt(world, call.params.deviceId!);
    const detail = () => `/${deviceAt(world, d.id).publicId}`;
    return () => ({ kind: 'devicePublished', object: device(d), detail: detail() });
  },
  'DELETE /device/{deviceId}/public': (call, world) => {
    const d = deviceAt(world, call.params.deviceId!);
    return () => ({ kind: 'deviceUnpublished', object: device(d), detail: `/${d.publicId}` });
  },
  'DELETE /team/{teamId}/device': (call, world) => {
    const d = deviceAt(world, call.body.id);
    const detail = `from ${teamAt(world, d.teamId).name}`;
    return () => ({ kind: 'deviceRemoved', object: device(d), detail });
  },
  'PATCH /team/{teamId}/settings/checks': (call, world) => {
    const t = teamAt(world, call.params.teamId!);
    const detail = t.checkSettings.claims
      .flatMap((claim) => claim.checks)
      .flatMap((check) => {
        const level = call.body.checks.find((c) => c.id.toLowerCase() === check.id)?.level;
        return level && level !== check.level
          ? [`${check.description}: ${check.level} → ${level}`]
          : [];
      })
      .join('; ');
    return () => ({ kind: 'checksChanged', object: team(t), detail });
  },
  'POST /team/{teamId}/settings/checks/preset': (call, world) => {
    const object = team(teamAt(world, call.params.teamId!));
    return () => ({ kind: 'checkPresetApplied', object, detail: call.body.preset });
  },
  'PATCH /team/{teamId}/settings/device': (call, world) => {
    const object = team(teamAt(world, call.params.teamId!));
    const detail = `serial numbers ${call.body.requireSerial ? 'required' : 'not required'}`;
    return () => ({ kind: 'devicePolicyChanged', object, detail });
  },
  'POST /team/{teamId}/report/email': (call, world) => {
    const t = teamAt(world, call.params.teamId!);
    return () => {
      const added = world.reportRecipients(t.id).find((r) => sameEmail(r.email, call.body.email));
      const object = { type: 'reportEmail' as const, id: added?.id ?? '', name: call.body.email };
      return { kind: 'reportEmailAdded', object, detail: `${call.body.frequency}, ${t.name}` };
    };
  },
  'DELETE /team/{teamId}/report/email': (call, world) => {
    const t = teamAt(world, call.params.teamId!);
    const gone = world.reportRecipients(t.id).find((r) => sameEmail(r.email, call.body.email));
    const object = { type: 'reportEmail' as const, id: gone?.id ?? '', name: call.body.email };
    const detail = `${call.body.frequency}, ${t.name}`;
    return () => ({ kind: 'reportEmailRemoved', object, detail });
  },
  'GET /slack/auth': (_call, world, me) => {
    const object = team(world.visibleTeams(me)[0]!);
    return () => ({ kind: 'slackConnected', object, detail: '#device-security' });
  },
  'POST /user/admin': (call, world) => () => {
    const object = person(world.personByEmail(call.body.email), call.body.email);
    return { kind: 'adminAdded', object, detail: call.body.ssoOnly ? 'single sign-on only' : '' };
  },
  'DELETE /user/admin': (call, world) => {
    const object = person(world.personByEmail(call.body.email), call.body.email);
    return () => ({ kind: 'adminRemoved', object, detail: '' });
  },
  'POST /user/collaborator': (call, world) => () => {
    const object = person(world.personByEmail(call.body.email), call.body.email);
    return { kind: 'collaboratorAdded', object, detail: '' };
  },
  'POST /team/{teamId}/collaborator': teamAccess('collaboratorTeamAdded'),
  'DELETE /team/{teamId}/collaborator': teamAccess('collaboratorTeamRemoved'),
  'POST /team/create': (call, world) => () => {
    const t = world.teams.findFirst((q) => q.where({ name: call.body.name.trim() }))!;
    return { kind: 'teamCreated', object: team(t), detail: '' };
  },
  'DELETE /team/{teamId}': (call, world) => {
    const object = team(teamAt(world, call.params.teamId!));
    return () => ({ kind: 'teamDeleted', object, detail: '' });
  },
  'POST /team/{teamId}/exemptions': (call, world) => {
    const object = device(deviceAt(world, call.body.deviceId));
    return () => {
      const made = world.exemptions.all().at(-1)!;
      const detail = `${made.checkDescription}, until ${day(made.endsAt)}: ${made.reason}`;
      return { kind: 'exemptionCreated', object, detail };
    };
  },
  'POST /team/{teamId}/exemptions/{exemptionId}/end': (call, world) => {
    const ended = world.exemptionInForce(call.params.teamId!, call.params.exemptionId!, call.now);
    const object = device(deviceAt(world, ended.deviceId));
    const detail = `${ended.checkDescription}, was until ${day(ended.endsAt)}`;
    return () => ({ kind: 'exemptionEnded', object, detail });
  },
};

/**
 * Runs an operation (`run`) and, when it is a change the log keeps and it succeeded for a signed-in
 * person, logs it. A description that cannot be made (the object is not there) logs nothing: the
 * operation refuses then anyway.
 */
export async function recorded<Key extends OperationKey>(
  key: Key,
  call: Call<BodyOf<Key>>,
  run: () => Response | Promise<Response>,
): Promise<Response> {
  const describe = DESCRIBE[key] as Describe<Key> | undefined;
  const signed = call.signed;
  let finish: (() => Draft) | undefined;
  try {
    finish = signed && describe?.(call, signed.world, call.me());
  } catch {
    finish = undefined;
  }
  const response = await run();
  if (finish && signed && response.ok) await signed.world.logActivity(finish(), signed, call.now);
  return response;
}

export const activityActions = {
  async logActivity(this: World, draft: Draft, signed: Signed, now: number): Promise<void> {
    const me = this.person(signed.person.id) ?? signed.person;
    const support = signed.session.impersonatedBy && this.person(signed.session.impersonatedBy);
    await this.activity.create({
      id: randomUUID(),
      at: iso(now),
      actor: {
        id: me.id,
        email: me.email,
        ...(support ? { impersonatedBy: { id: support.id, email: support.email } } : {}),
      },
      ...draft,
    });
    const kept = this.activity.all();
    if (kept.length > KEPT) {
      const drop = new Set(kept.slice(0, kept.length - KEPT).map((entry) => entry.id));
      this.activity.deleteMany((q) => q.where((entry) => drop.has(entry.id)));
    }
  },

  /** The log for account admins (anyone else: the contract's 404, as GET /user/admins). */
  listActivity(
    this: World,
    me: Person,
    filter: ActivityFilter,
    page: number,
    pageSize: number,
  ): Schemas['ActivityList'] {
    if (!this.isAccountAdmin(me)) throw notFound();
    return activityPage(this.activity.all(), filter, page, pageSize);
  },
};

export type ActivityActions = typeof activityActions;
