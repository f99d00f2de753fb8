// A world's devices as the contract's operations change them: the list, details, rename, move,
// public page, removal (their semantics are pure functions in devices.ts).
import { derive, levelsOf, listPage, slugFrom, statusOf, summary, type ListQuery } from './devices';
import { applyExemptions } from './exemptions';
import { changedAt } from './history';
import type { Device, Person, Schemas } from './records';
import { badRequest, notFound, setFields } from './shared';
import type { World } from './world';

export const deviceActions = {
  listDevices(
    this: World,
    me: Person,
    teamId: string,
    query: ListQuery,
    now: number,
  ): Schemas['DeviceList'] {
    this.team(me, teamId);
    return listPage(this.devicesOf(teamId, now).map(summary), query);
  },

  /** The device with its status, exemptions in force and when each check last changed. */
  getDevice(this: World, me: Person, deviceId: string, now: number): Device {
    const device = this.device(me, deviceId);
    const claims = device.claims.map((claim) => ({
      ...claim,
      checks: claim.checks.map((check) => ({ ...check, changedAt: changedAt(device, check.id) })),
    }));
    const notes = this.exemptionNotes(now).get(device.id);
    return applyExemptions({ ...device, claims, ...statusOf(device, now) }, notes, now);
  },

  async renameDevice(
    this: World,
    me: Person,
    deviceId: string,
    body: { deviceName: string },
  ): Promise<void> {
    const name = body.deviceName.trim();
    if (name === '') throw badRequest('Device name cannot be empty');
    const { id } = this.device(me, deviceId);
    await setFields(this.devices, { id }, { deviceName: name });
  },

  async moveDevice(
    this: World,
    me: Person,
    deviceId: string,
    body: { teamId: string },
    now: number,
  ): Promise<void> {
    const device = this.device(me, deviceId);
    const target = this.visibleTeams(me).find((team) => team.id === body.teamId);
    if (!target) throw badRequest('The team to move the device to does not exist.');
    if (target.id === device.teamId) return;
    const moved = derive({ ...device, teamId: target.id }, levelsOf(target), now);
    await setFields(this.devices, { id: device.id }, moved);
  },

  async publishDevice(
    this: World,
    me: Person,
    deviceId: string,
    body: { slug?: string },
  ): Promise<void> {
    const device = this.device(me, deviceId);
    const taken = (slug: string) =>
      this.devices
        .all()
        .some(
          (other) => other.id !== device.id && other.publicId?.toLowerCase() === slug.toLowerCase(),
        );
    let slug = body.slug;
    if (slug !== undefined) {
      if (taken(slug)) throw badRequest(`The public page address "${slug}" is already taken.`);
    } else if (device.publicId) {
      slug = device.publicId;
    } else {
      const base = slugFrom(device.deviceName, `device-${device.id.slice(0, 8)}`);
      slug = base;
      for (let n = 2; taken(slug); n += 1) slug = `${base}-${n}`;
    }
    await setFields(this.devices, { id: device.id }, { publicId: slug });
  },

  async unpublishDevice(this: World, me: Person, deviceId: string): Promise<void> {
    const { id } = this.device(me, deviceId);
    await setFields(this.devices, { id }, { publicId: null });
  },

  async removeDevice(
    this: World,
    me: Person,
    teamId: string,
    body: { id: string; machineUUID: string },
  ): Promise<void> {
    this.team(me, teamId);
    const device = this.devices.findFirst((q) => q.where({ id: body.id, teamId }));
    if (!device) throw notFound('Device not found');
    if (device.machineUUID !== body.machineUUID) {
      throw badRequest("The machineUUID does not match the device's.");
    }
    this.devices.delete((q) => q.where({ id: device.id }));
  },
};

export type DeviceActions = typeof deviceActions;
