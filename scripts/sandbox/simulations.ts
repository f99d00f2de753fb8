// What the QA panel makes happen in a world (/__sandbox/simulate/...): a device links to a team,
// stops reporting, reports again.
import { randomUUID } from 'node:crypto';
import { derive, levelsOf, STALE_AFTER_DAYS } from './devices';
import type { Device } from './records';
import { capitalised, DAY, iso, notFound, sameEmail, setFields } from './shared';
import { passingClaims } from './story';
import type { World } from './world';

export const simulations = {
  /**
   * "A device links to this team": a new, never-reported device joins the team through its newest
   * invite that has none yet (that invite then reports it), or without an invite when there is none.
   */
  async linkDevice(
    this: World,
    teamId: string,
    now: number,
    email?: string,
  ): Promise<{ deviceId: string; inviteId: string | null }> {
    const team = this.teams.findFirst((q) => q.where({ id: teamId }));
    if (!team) throw notFound('Team not found');
    const invite = this.invites
      .findMany((q) => q.where({ teamId, deviceId: null }))
      .filter((item) => email === undefined || sameEmail(item.email, email))
      .sort((a, b) => Date.parse(b.created) - Date.parse(a.created))[0];
    const owner = invite?.email ?? email ?? 'new.member@northwind.example';
    const name = capitalised(owner);
    const id = randomUUID();
    const hardware = randomUUID().toUpperCase();
    const device: Device = {
      id,
      teamId,
      machineUUID: hardware,
      reportedDeviceName: `${name}s-MacBook-Air`,
      deviceName: `${name}'s MacBook Air`,
      status: 'pending',
      statusMsg: '',
      passedCount: 0,
      failedCount: 0,
      failedRequiredCount: 0,
      disabledCount: 0,
      version: '1.14.2',
      osVersion: 'macOS 26.1',
      lastCheck: null,
      modelName: 'MacBook Air (15-inch, M4, 2025)',
      modelSerial: team.requireSerial ? hardware.replace(/-/g, '').slice(0, 10) : null,
      platform: 'macOS',
      created: iso(now),
      ownerEmail: owner,
      publicId: null,
      claims: [],
    };
    await this.devices.create(derive(device, levelsOf(team), now));
    if (invite) {
      await setFields(this.invites, { id: invite.id }, { deviceId: id });
    }
    return { deviceId: id, inviteId: invite?.id ?? null };
  },

  /** "A device stops reporting": its last report moves back past the 60-day flag (status stale). */
  async stopReporting(this: World, deviceId: string, now: number): Promise<Device> {
    return this.report(deviceId, now - (STALE_AFTER_DAYS + 1) * DAY, now);
  },

  /** "A device reports again": it reports now (a device that never reported sends its first results). */
  async reportAgain(this: World, deviceId: string, now: number): Promise<Device> {
    return this.report(deviceId, now, now);
  },

  async report(this: World, deviceId: string, at: number, now: number): Promise<Device> {
    const device = this.devices.findFirst((q) => q.where({ id: deviceId }));
    if (!device) throw notFound('Device not found');
    const team = this.teams.findFirst((q) => q.where({ id: device.teamId }), { strict: true });
    const reported = derive(
      {
        ...device,
        lastCheck: iso(at),
        claims: device.claims.length > 0 ? device.claims : passingClaims(device.platform),
      },
      levelsOf(team),
      now,
    );
    await setFields(this.devices, { id: device.id }, reported);
    return reported;
  },
};

export type Simulations = typeof simulations;
