// A world's teams and their settings: teams, the overview, invites and snoozes, checks, the device
// policy, report recipients.
import { randomUUID } from 'node:crypto';
import { derive, levelsOf, overview } from './devices';
import type { Device, Invite, Person, Schemas, Team } from './records';
import { badRequest, contractProblem, DAY, iso, notFound, sameEmail, setFields } from './shared';
import { presetSettings } from './story';
import type { World } from './world';

export const teamActions = {
  listTeams(this: World, me: Person): Schemas['TeamSummary'][] {
    return this.visibleTeams(me).map((team) => this.teamSummary(team));
  },

  async createTeam(this: World, me: Person, body: { name: string }, now: number): Promise<void> {
    const name = body.name.trim();
    if (name === '') throw badRequest('Team name cannot be empty');
    if (this.teams.all().some((team) => team.name.trim().toLowerCase() === name.toLowerCase())) {
      throw badRequest(`A team named ${name} already exists.`);
    }
    const team = await this.teams.create({
      id: randomUUID(),
      name,
      requireSerial: false,
      checkSettings: presetSettings('default'),
      slackIntegrations: [],
      created: iso(now),
    });
    if (!this.seesAllTeams(me)) {
      await setFields(this.people, { id: me.id }, { teamIds: [...me.teamIds, team.id] });
    }
  },

  async deleteTeam(this: World, me: Person, teamId: string): Promise<void> {
    const team = this.team(me, teamId);
    if (!this.isAccountAdmin(me)) throw badRequest('Only account admins can delete teams.');
    if (this.devices.findFirst((q) => q.where({ teamId }))) {
      throw contractProblem('DELETE /team/{teamId}', 'teamHasDevices');
    }
    this.teams.delete((q) => q.where({ id: team.id }));
    this.reportEmails.deleteMany((q) => q.where({ teamId }));
    this.invites.deleteMany((q) => q.where({ teamId }));
    await this.people.updateMany((q) => q.where(() => true), {
      data(person) {
        person.teamIds = person.teamIds.filter((id) => id !== teamId);
        if (person.slackConfig?.teamId === teamId) {
          person.slackConfig = null;
          person.slackManageLink = null;
        }
      },
    });
  },

  publicTeam(this: World, teamId: string): Schemas['PublicTeam'] {
    const team = this.teams.findFirst((q) => q.where({ id: teamId }));
    if (!team) throw notFound('Team not found');
    return { name: team.name, requireSerial: team.requireSerial };
  },

  teamOverview(this: World, me: Person, teamId: string, now: number): Schemas['TeamOverview'] {
    const team = this.team(me, teamId);
    return overview(team, this.devicesOf(teamId, now), now);
  },

  async createInvite(
    this: World,
    me: Person,
    teamId: string,
    body: { email: string },
    origin: string,
    now: number,
  ): Promise<Schemas['InviteLink']> {
    const team = this.team(me, teamId);
    const invite = await this.invites.create({
      id: randomUUID(),
      teamId: team.id,
      email: body.email,
      deviceId: null,
      created: iso(now),
      snoozedUntil: null,
    });
    const link = `${origin}/team/join/${team.id}?email=${encodeURIComponent(body.email)}`;
    await this.send(now, body.email, `Link your device to ${team.name}`, link);
    return { invite_link: link, inviteId: invite.id };
  },

  invite(this: World, teamId: string, inviteId: string): Invite {
    const invite = this.invites.findFirst((q) => q.where({ id: inviteId, teamId }));
    if (!invite) throw notFound('Invite not found');
    return invite;
  },

  async snooze(this: World, teamId: string, inviteId: string, now: number): Promise<void> {
    const { id } = this.invite(teamId, inviteId);
    await setFields(this.invites, { id }, { snoozedUntil: iso(now + 15 * DAY) });
  },

  checkSettings(this: World, me: Person, teamId: string): Schemas['CheckSettings'] {
    return this.team(me, teamId).checkSettings;
  },

  async setCheckSettings(
    this: World,
    team: Team,
    settings: Schemas['CheckSettings'],
    now: number,
  ): Promise<void> {
    await setFields(this.teams, { id: team.id }, { checkSettings: settings });
    const levels = levelsOf({ checkSettings: settings });
    await this.devices.updateMany((q) => q.where({ teamId: team.id }), {
      data(device) {
        Object.assign(device, derive(JSON.parse(JSON.stringify(device)) as Device, levels, now));
      },
    });
  },

  async updateCheckSettings(
    this: World,
    me: Person,
    teamId: string,
    body: { checks: { id: string; level: Schemas['CheckLevel'] }[] },
    now: number,
  ): Promise<Schemas['CheckSettings']> {
    const team = this.team(me, teamId);
    this.requireAccountAdmin(me, 'change the checks');
    const settings = structuredClone(team.checkSettings);
    const checks = new Map(
      settings.claims.flatMap((claim) => claim.checks.map((check) => [check.id, check])),
    );
    const unknown = body.checks
      .filter((change) => !checks.has(change.id))
      .map((change) => change.id);
    if (unknown.length > 0) throw badRequest(...unknown.map((id) => `Unknown check ${id}`));
    for (const change of body.checks) checks.get(change.id)!.level = change.level;
    await this.setCheckSettings(team, settings, now);
    return settings;
  },

  async applyPreset(
    this: World,
    me: Person,
    teamId: string,
    body: { preset: 'default' | 'all' },
    now: number,
  ): Promise<void> {
    const team = this.team(me, teamId);
    this.requireAccountAdmin(me, 'change the checks');
    await this.setCheckSettings(team, presetSettings(body.preset), now);
  },

  devicePolicy(this: World, me: Person, teamId: string): Schemas['DevicePolicy'] {
    return { requireSerial: this.team(me, teamId).requireSerial };
  },

  async updateDevicePolicy(
    this: World,
    me: Person,
    teamId: string,
    body: { requireSerial: boolean },
  ): Promise<Schemas['DevicePolicy']> {
    const team = this.team(me, teamId);
    this.requireAccountAdmin(me, 'change the device policy');
    await this.teams.update((q) => q.where({ id: team.id }), {
      data(draft) {
        draft.requireSerial = body.requireSerial;
      },
    });
    return { requireSerial: body.requireSerial };
  },

  reportRecipients(this: World, teamId: string): Schemas['ReportEmail'][] {
    return this.reportEmails.findMany((q) => q.where({ teamId }));
  },

  listReportEmails(this: World, me: Person, teamId: string): Schemas['ReportEmail'][] {
    this.team(me, teamId);
    return this.reportRecipients(teamId);
  },

  /** Adds a report recipient (`add`) or removes one: the team's recipients then. */
  async changeReportEmail(
    this: World,
    me: Person,
    teamId: string,
    body: { email: string; frequency: Schemas['ReportFrequency'] },
    add: boolean,
  ): Promise<Schemas['ReportEmail'][]> {
    this.team(me, teamId);
    this.requireAccountAdmin(me, 'change the report recipients');
    const same = this.reportRecipients(teamId).filter((item) => sameEmail(item.email, body.email));
    const found = same.find((item) => item.frequency === body.frequency);
    if (add && same[0])
      throw badRequest(`${same[0].email} already receives ${same[0].frequency} reports`);
    if (add) await this.reportEmails.create({ id: randomUUID(), ...body, teamId });
    else if (found) this.reportEmails.delete((q) => q.where({ id: found.id }));
    else throw notFound(`${body.email} does not receive ${body.frequency} reports`);
    return this.reportRecipients(teamId);
  },
};

export type TeamActions = typeof teamActions;
