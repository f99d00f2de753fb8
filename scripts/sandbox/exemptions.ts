// Exemptions (a proposal of the contract): one device exempted from one check, with a reason and
// an end. In force until endsAt (judged on every read against the sandbox's clock) unless ended
// early; while in force, a failing check is exempt, not failing, in every answer that counts it.
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { COMPONENT_SCHEMAS as C } from '../../generated/component-schemas';
import { statusOf } from './devices';
import type { Device, Person, Schemas } from './records';
import { badRequest, DAY, iso, notFound, setFields } from './shared';
import type { World } from './world';

/** An exemption as kept: the contract's Exemption (its device name read when answered), ended or not. */
export const ExemptionRecord = v.object({
  ...v.omit(C.Exemption, ['deviceName']).entries,
  /** When End now ended it, else null. */
  endedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
});
export type Exemption = v.InferOutput<typeof ExemptionRecord>;
type Note = Schemas['ExemptionNote'];

/** How far ahead an exemption may end. */
export const MAX_EXEMPTION_DAYS = 365;

export const inForce = (exemption: Pick<Exemption, 'endsAt' | 'endedAt'>, now: number) =>
  exemption.endedAt === null && Date.parse(exemption.endsAt) > now;

/** What is wrong with a request's reason and end (the errors list of a 400), none when valid. */
export function exemptionErrors(body: { reason: string; endsAt: string }, now: number): string[] {
  const errors: string[] = [];
  if (body.reason.trim() === '') errors.push('Enter a reason for the exemption.');
  const ends = Date.parse(body.endsAt);
  if (!(ends > now)) errors.push('The end date must be in the future.');
  else if (ends > now + MAX_EXEMPTION_DAYS * DAY)
    errors.push('The end date must be at most a year ahead.');
  return errors;
}

/**
 * A device as answers show it with its exemptions in force (check id → note): each exempt check
 * carries its note, and an exempt failing check counts in exemptCount instead of failedCount and
 * failedRequiredCount, so the status follows. Without exemptions the device is unchanged.
 */
export function applyExemptions(
  device: Device,
  notes: ReadonlyMap<string, Note> | undefined,
  now: number,
): Device {
  if (!notes || notes.size === 0) return device;
  const claims = device.claims.map((claim) => ({
    ...claim,
    checks: claim.checks.map((check) => {
      const exemption = notes.get(check.id);
      return exemption ? { ...check, exemption } : check;
    }),
  }));
  const exempt = claims
    .flatMap((claim) => claim.checks)
    .filter((check) => check.state === 'fail' && notes.has(check.id));
  const counted = {
    ...device,
    claims,
    failedCount: device.failedCount - exempt.length,
    failedRequiredCount:
      device.failedRequiredCount - exempt.filter((check) => check.level === 'required').length,
    exemptCount: exempt.length,
  };
  return { ...counted, ...statusOf(counted, now) };
}

export const exemptionActions = {
  /** device id → check id → the exemption in force, as other answers show it. */
  exemptionNotes(this: World, now: number): Map<string, Map<string, Note>> {
    const notes = new Map<string, Map<string, Note>>();
    for (const item of this.exemptions.all().filter((each) => inForce(each, now))) {
      const { id, reason, endsAt, createdAt, createdBy: by } = item;
      const ofDevice = notes.get(item.deviceId) ?? new Map<string, Note>();
      notes.set(item.deviceId, ofDevice.set(item.checkId, { id, reason, endsAt, createdAt, by }));
    }
    return notes;
  },

  /** The exemptions in force of the team's devices, the soonest end first. */
  listExemptions(this: World, me: Person, teamId: string, now: number): Schemas['ExemptionList'] {
    this.team(me, teamId);
    const names = new Map(
      this.devices.findMany((q) => q.where({ teamId })).map((d) => [d.id, d.deviceName]),
    );
    const exemptions = this.exemptions
      .all()
      .filter((item) => inForce(item, now) && names.has(item.deviceId))
      .sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt))
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      .map(({ endedAt, ...item }) => ({ ...item, deviceName: names.get(item.deviceId)! }));
    return { exemptions };
  },

  async createExemption(
    this: World,
    me: Person,
    teamId: string,
    body: Schemas['ExemptionRequest'],
    now: number,
  ): Promise<Schemas['Exemption']> {
    this.team(me, teamId);
    this.requireAccountAdmin(me, 'exempt devices from checks');
    const errors = exemptionErrors(body, now);
    if (errors.length > 0) throw badRequest(...errors);
    const device = this.devices.findFirst((q) => q.where({ id: body.deviceId, teamId }));
    if (!device) throw badRequest('The device is not in this team.');
    const checkId = body.checkId.toLowerCase();
    const check = device.claims.flatMap((claim) => claim.checks).find((c) => c.id === checkId);
    if (!check) throw badRequest('The device does not report this check.');
    if (this.exemptionNotes(now).get(device.id)?.has(checkId))
      throw badRequest('The device is already exempt from this check.');
    const created = await this.exemptions.create({
      id: randomUUID(),
      deviceId: device.id,
      checkId,
      checkDescription: check.description,
      reason: body.reason.trim(),
      endsAt: iso(Date.parse(body.endsAt)),
      createdAt: iso(now),
      createdBy: { id: me.id, email: me.email },
      endedAt: null,
    });
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { endedAt, ...answer } = created;
    return { ...answer, deviceName: device.deviceName };
  },

  /** The exemption in force of a device of the team, else the contract's 404. */
  exemptionInForce(this: World, teamId: string, exemptionId: string, now: number): Exemption {
    const found = this.exemptions.findFirst((q) => q.where({ id: exemptionId }));
    const device = found && this.devices.findFirst((q) => q.where({ id: found.deviceId }));
    if (!found || device?.teamId !== teamId || !inForce(found, now))
      throw notFound('Exemption not found');
    return found;
  },

  async endExemption(
    this: World,
    me: Person,
    teamId: string,
    exemptionId: string,
    now: number,
  ): Promise<void> {
    this.team(me, teamId);
    this.requireAccountAdmin(me, 'end exemptions');
    const { id } = this.exemptionInForce(teamId, exemptionId, now);
    await setFields(this.exemptions, { id }, { endedAt: iso(now) });
  },
};

export type ExemptionActions = typeof exemptionActions;
