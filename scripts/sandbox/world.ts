// A world: one account's state (people, teams, devices, recipients, invites, billing, mail), kept in
// @msw/data collections whose schemas are built from the contract's generated component schemas,
// and what each operation of the contract does to it. Handlers (handlers.ts) only translate HTTP.
import { randomUUID } from 'node:crypto';
import { Collection } from '@msw/data';
import {
  OUTDATED_AFTER_DAYS,
  STALE_AFTER_DAYS,
  derive,
  levelsOf,
  listPage,
  overview,
  slugFrom,
  statusOf,
  summary,
  type ListQuery,
} from './devices';
import { errorExample, example } from './contract';
import {
  BillingRecord,
  DeviceRecord,
  EmailChangeRecord,
  InviteRecord,
  MailRecord,
  PasswordResetRecord,
  PersonRecord,
  ReportEmailRecord,
  TeamRecord,
  type Billing,
  type Device,
  type Invite,
  type Person,
  type Schemas,
  type Team,
  type WorldData,
  type WorldMeta,
} from './records';
import { hashPassword, newTotpSecret, passwordMatches, randomToken, totpMatches } from './secrets';
import { passingClaims, presetSettings } from './story';

const DAY = 24 * 60 * 60 * 1000;

/** An answer other than success: the contract's error shapes (ErrorBody, PaymentRequired). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: Schemas['ErrorBody'],
  ) {
    super(`${status} ${JSON.stringify(body)}`);
  }
}
export const badRequest = (...errors: string[]) => new ApiProblem(400, { errors });
export const notFound = (message = 'Not found') => new ApiProblem(404, { message });

/** The body of a 400 the contract names (e.g. updateBilling's deviceLimitBelowUsage). */
function contractProblem(key: string, name: string): ApiProblem {
  return new ApiProblem(400, example<Schemas['ErrorBody']>(key, name, 400));
}

const REFUSE_RECONFIGURE =
  'Reconfiguring Two Factor Authentication is not allowed, please contact the support.';
const WRONG_CODE = 'The verification code or the password is not correct';

/** Prices of the plans (the console's defaults, README Settings: VITE_PRICE_*). */
const PRICES: Record<
  string,
  { plan: Schemas['Plan']; perDevice: number; min: number; max: number }
> = {
  pri_starter_free: { plan: 'Starter', perDevice: 0, min: 1, max: 5 },
  pri_team_monthly: { plan: 'Team', perDevice: 8, min: 1, max: 50 },
  pri_business_monthly: { plan: 'Business', perDevice: 12, min: 10, max: 1000 },
};

/**
 * The backend's own rule, not the console's (a test against the sandbox can then catch a console
 * that disagrees): the payment provider holds a subscription to manage in these states.
 */
const PROVIDER_SUBSCRIPTION: ReadonlySet<Schemas['BillingState']> = new Set([
  'TrialPendingCancellation',
  'TrialStartingEarly',
  'Subscribed',
  'Overdue',
  'PendingCancellation',
  'PendingPause',
  'Paused',
] as const);

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const iso = (time: number) => new Date(time).toISOString();
const capitalised = (email: string) => {
  const local = email.split('@')[0]!.split(/[._+-]/)[0] || 'Someone';
  return local.charAt(0).toUpperCase() + local.slice(1);
};

export type UserView = Schemas['User'];

const COLLECTIONS = [
  'people',
  'teams',
  'devices',
  'reportEmails',
  'invites',
  'billing',
  'mail',
  'emailChanges',
  'passwordResets',
] as const;

/** One account's state and the operations on it. Every change goes through a collection. */
export class World {
  meta: WorldMeta;
  readonly people = new Collection({ schema: PersonRecord });
  readonly teams = new Collection({ schema: TeamRecord });
  readonly devices = new Collection({ schema: DeviceRecord });
  readonly reportEmails = new Collection({ schema: ReportEmailRecord });
  readonly invites = new Collection({ schema: InviteRecord });
  readonly billing = new Collection({ schema: BillingRecord });
  readonly mail = new Collection({ schema: MailRecord });
  readonly emailChanges = new Collection({ schema: EmailChangeRecord });
  readonly passwordResets = new Collection({ schema: PasswordResetRecord });

  private constructor(meta: WorldMeta) {
    this.meta = meta;
  }

  /** A world from its data; every record is checked by its collection's schema. */
  static async load(data: WorldData): Promise<World> {
    const world = new World({ ...data.meta });
    await world.#fill(data);
    return world;
  }

  async #fill(data: WorldData): Promise<void> {
    for (const name of COLLECTIONS) {
      const collection = this[name] as unknown as Collection<never>;
      for (const record of data[name]) await collection.create(record as never);
    }
  }

  /** The world as JSON (what is saved, and what a change is compared with). */
  serialize(): string {
    return JSON.stringify({
      meta: this.meta,
      ...Object.fromEntries(COLLECTIONS.map((name) => [name, this[name].all()])),
    });
  }

  /** The world as plain data. */
  snapshot(): WorldData {
    return JSON.parse(this.serialize()) as WorldData;
  }

  /** The world back to a state `serialize` gave (a change that failed is undone). */
  async restore(json: string): Promise<void> {
    const data = JSON.parse(json) as WorldData;
    this.meta = data.meta;
    for (const name of COLLECTIONS) this[name].clear();
    await this.#fill(data);
  }

  // --- people and what they may see -------------------------------------------------------------

  person(id: string): Person | undefined {
    return this.people.findFirst((q) => q.where({ id }));
  }

  personByEmail(email: string): Person | undefined {
    return this.people.findFirst((q) => q.where((person) => sameEmail(person.email, email)));
  }

  /** Account admins (the owner and admins) and support staff see every team. */
  seesAllTeams(person: Person): boolean {
    return person.role !== 'collaborator';
  }

  isAccountAdmin(person: Person): boolean {
    return person.role === 'owner' || person.role === 'admin' || person.role === 'support';
  }

  /** SPEC §6: admins whose state is not Collaborator or AccountAdmin manage the admins. */
  managesAdmins(person: Person): boolean {
    return person.isAdmin && person.role === 'owner';
  }

  visibleTeams(person: Person): Team[] {
    const all = this.teams.all();
    return this.seesAllTeams(person) ? all : all.filter((team) => person.teamIds.includes(team.id));
  }

  /** A team the person may see, else the contract's 404. */
  team(person: Person, teamId: string): Team {
    const team = this.visibleTeams(person).find((item) => item.id === teamId);
    if (!team) throw notFound('Team not found');
    return team;
  }

  /** A device of a team the person may see, else 404. */
  device(person: Person, deviceId: string): Device {
    const device = this.devices.findFirst((q) => q.where({ id: deviceId }));
    if (!device || !this.visibleTeams(person).some((team) => team.id === device.teamId)) {
      throw notFound('Device not found');
    }
    return device;
  }

  private requireAccountAdmin(person: Person, what: string): void {
    if (!this.isAccountAdmin(person)) throw badRequest(`Only account admins can ${what}.`);
  }

  accountBilling(): Billing {
    return this.billing.findFirst(undefined, { strict: true });
  }

  /** A team as the contract lists it: its devices counted now. */
  teamSummary(team: Team): Schemas['TeamSummary'] {
    const deviceCount = this.devices.findMany((q) => q.where({ teamId: team.id })).length;
    return { id: team.id, name: team.name, deviceCount };
  }

  /** GET /user for a person and the session's token. */
  userView(person: Person, token: string, now: number): UserView {
    const {
      role,
      name: _name,
      teamIds: _teamIds,
      passwordHash: _hash,
      totpSecret: _secret,
      pendingTotpSecrets: _pending,
      ...user
    } = person;
    const billing = this.accountBilling();
    const owner = role === 'owner';
    const state = owner ? billing.state : user.state;
    const trial = owner && state.startsWith('Trial') && state !== 'TrialOverdue' && billing.validTo;
    return {
      ...user,
      token,
      state,
      trialDaysLeft: trial ? Math.max(0, Math.ceil((Date.parse(billing.validTo!) - now) / DAY)) : 0,
      teams: this.visibleTeams(person).map((team) => this.teamSummary(team)),
    };
  }

  // --- admins and collaborators -----------------------------------------------------------------

  listAdmins(me: Person): Schemas['Admin'][] {
    // No 400 is declared: to a person who may not see it, the list does not exist.
    if (!this.isAccountAdmin(me)) throw notFound();
    return this.people
      .all()
      .filter((person) => person.role === 'owner' || person.role === 'admin')
      .map((person) => ({ id: person.id, email: person.email }));
  }

  private newPerson(email: string, role: Person['role'], ssoOnly: boolean): Person {
    return {
      id: randomUUID(),
      email,
      billingEmail: null,
      isAdmin: role !== 'collaborator',
      isPaddleBilling: false,
      firstLogin: true,
      isSSO: ssoOnly,
      termsAccepted: false,
      twoFAProvisioned: false,
      slackConfig: null,
      state: role === 'collaborator' ? 'Collaborator' : 'AccountAdmin',
      trialDaysLeft: 0,
      beaconSignature: randomToken('beacon', 16).slice(7),
      hasPassword: false,
      onboardingCompleted: true,
      hasBillingRole: false,
      hasIntegrations: false,
      isSuperuser: false,
      slackManageLink: null,
      role,
      name: capitalised(email),
      teamIds: [],
      passwordHash: null,
      totpSecret: null,
      pendingTotpSecrets: [],
    };
  }

  async addAdmin(
    me: Person,
    body: { email: string; ssoOnly: boolean },
    now: number,
  ): Promise<void> {
    if (!this.managesAdmins(me)) throw badRequest('Only the account owner can add admins.');
    const existing = this.personByEmail(body.email);
    if (existing && existing.role !== 'collaborator') {
      throw badRequest(`${body.email} is already an admin of this account.`);
    }
    if (existing) {
      await this.people.update((q) => q.where({ id: existing.id }), {
        data(person) {
          person.role = 'admin';
          person.isAdmin = true;
          person.state = 'AccountAdmin';
          person.teamIds = [];
          if (body.ssoOnly) person.isSSO = true;
        },
      });
    } else {
      await this.people.create(this.newPerson(body.email, 'admin', body.ssoOnly));
    }
    await this.send(now, body.email, 'You are now an admin of the account', '/login');
  }

  async removeAdmin(me: Person, body: { email: string }): Promise<void> {
    if (!this.managesAdmins(me)) throw badRequest('Only the account owner can remove admins.');
    if (sameEmail(me.email, body.email))
      throw badRequest('You cannot remove yourself as an admin.');
    const admin = this.personByEmail(body.email);
    if (!admin || (admin.role !== 'admin' && admin.role !== 'owner')) {
      throw notFound(`${body.email} is not an admin of this account`);
    }
    if (admin.role === 'owner') throw badRequest('The account owner cannot be removed.');
    this.people.delete((q) => q.where({ id: admin.id }));
  }

  listCollaborators(me: Person): Schemas['Collaborator'][] {
    if (!this.isAccountAdmin(me)) throw notFound();
    const teams = this.teams.all();
    return this.people
      .all()
      .filter((person) => person.role === 'collaborator' && person.teamIds.length > 0)
      .map((person) => ({
        email: person.email,
        teams: teams
          .filter((team) => person.teamIds.includes(team.id))
          .map((team) => ({ id: team.id, name: team.name })),
      }));
  }

  async addCollaborator(
    me: Person,
    body: { email: string; ssoOnly: boolean },
    now: number,
  ): Promise<void> {
    this.requireAccountAdmin(me, 'add users');
    const existing = this.personByEmail(body.email);
    if (existing && existing.role !== 'collaborator') {
      throw badRequest(`${body.email} is an admin of this account and sees every team.`);
    }
    if (existing && existing.teamIds.length > 0) {
      throw badRequest(
        `${body.email} already has an account.`,
        `Choose the teams for ${body.email} instead.`,
      );
    }
    if (!existing)
      await this.people.create(this.newPerson(body.email, 'collaborator', body.ssoOnly));
    await this.send(now, body.email, 'You are invited to the device-security console', '/login');
  }

  async addTeamCollaborator(
    me: Person,
    teamId: string,
    body: { email: string },
  ): Promise<Schemas['Message']> {
    this.requireAccountAdmin(me, 'give access to teams');
    const team = this.team(me, teamId);
    const person = this.personByEmail(body.email);
    if (!person) throw badRequest(`${body.email} has no account yet. Add the user first.`);
    if (person.role !== 'collaborator') {
      throw badRequest(`${body.email} is an admin of this account and sees every team.`);
    }
    if (!person.teamIds.includes(team.id)) {
      await this.people.update((q) => q.where({ id: person.id }), {
        data(draft) {
          draft.teamIds.push(team.id);
        },
      });
    }
    return { message: `${person.email} now has access to ${team.name}.` };
  }

  async removeTeamCollaborator(me: Person, teamId: string, body: { email: string }): Promise<void> {
    this.requireAccountAdmin(me, 'remove access to teams');
    const team = this.team(me, teamId);
    const person = this.personByEmail(body.email);
    if (!person || person.role !== 'collaborator' || !person.teamIds.includes(team.id)) {
      throw notFound(`${body.email} is not a collaborator of ${team.name}`);
    }
    await this.people.update((q) => q.where({ id: person.id }), {
      data(draft) {
        draft.teamIds = draft.teamIds.filter((id) => id !== team.id);
      },
    });
  }

  // --- teams ----------------------------------------------------------------------------------------

  listTeams(me: Person): Schemas['TeamSummary'][] {
    return this.visibleTeams(me).map((team) => this.teamSummary(team));
  }

  async createTeam(me: Person, body: { name: string }, now: number): Promise<void> {
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
      await this.people.update((q) => q.where({ id: me.id }), {
        data(person) {
          person.teamIds.push(team.id);
        },
      });
    }
  }

  async deleteTeam(me: Person, teamId: string): Promise<void> {
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
  }

  publicTeam(teamId: string): Schemas['PublicTeam'] {
    const team = this.teams.findFirst((q) => q.where({ id: teamId }));
    if (!team) throw notFound('Team not found');
    return { name: team.name, requireSerial: team.requireSerial };
  }

  teamOverview(me: Person, teamId: string, now: number): Schemas['TeamOverview'] {
    const team = this.team(me, teamId);
    return overview(team, this.devicesOf(teamId, now), now);
  }

  /** A team's devices with their status as of `now`. */
  devicesOf(teamId: string, now: number): Device[] {
    return this.devices
      .findMany((q) => q.where({ teamId }))
      .map((device) => ({ ...device, ...statusOf(device, now) }));
  }

  listDevices(me: Person, teamId: string, query: ListQuery, now: number): Schemas['DeviceList'] {
    this.team(me, teamId);
    return listPage(this.devicesOf(teamId, now).map(summary), query);
  }

  // --- invites --------------------------------------------------------------------------------------

  async createInvite(
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
  }

  invite(teamId: string, inviteId: string): Invite {
    const invite = this.invites.findFirst((q) => q.where({ id: inviteId, teamId }));
    if (!invite) throw notFound('Invite not found');
    return invite;
  }

  async snooze(teamId: string, inviteId: string, now: number): Promise<void> {
    const { id } = this.invite(teamId, inviteId);
    await this.invites.update((q) => q.where({ id }), {
      data(invite) {
        invite.snoozedUntil = iso(now + 15 * DAY);
      },
    });
  }

  // --- devices --------------------------------------------------------------------------------------

  getDevice(me: Person, deviceId: string, now: number): Device {
    const device = this.device(me, deviceId);
    return { ...device, ...statusOf(device, now) };
  }

  async renameDevice(me: Person, deviceId: string, body: { deviceName: string }): Promise<void> {
    const name = body.deviceName.trim();
    if (name === '') throw badRequest('Device name cannot be empty');
    const { id } = this.device(me, deviceId);
    await this.devices.update((q) => q.where({ id }), {
      data(device) {
        device.deviceName = name;
      },
    });
  }

  async moveDevice(
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
    await this.devices.update((q) => q.where({ id: device.id }), {
      data(draft) {
        Object.assign(draft, moved);
      },
    });
  }

  async publishDevice(me: Person, deviceId: string, body: { slug?: string }): Promise<void> {
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
    await this.devices.update((q) => q.where({ id: device.id }), {
      data(draft) {
        draft.publicId = slug;
      },
    });
  }

  async unpublishDevice(me: Person, deviceId: string): Promise<void> {
    const { id } = this.device(me, deviceId);
    await this.devices.update((q) => q.where({ id }), {
      data(draft) {
        draft.publicId = null;
      },
    });
  }

  async removeDevice(
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
  }

  // --- team settings --------------------------------------------------------------------------------

  checkSettings(me: Person, teamId: string): Schemas['CheckSettings'] {
    return this.team(me, teamId).checkSettings;
  }

  private async setCheckSettings(
    team: Team,
    settings: Schemas['CheckSettings'],
    now: number,
  ): Promise<void> {
    await this.teams.update((q) => q.where({ id: team.id }), {
      data(draft) {
        draft.checkSettings = settings;
      },
    });
    const levels = levelsOf({ checkSettings: settings });
    await this.devices.updateMany((q) => q.where({ teamId: team.id }), {
      data(device) {
        Object.assign(device, derive(JSON.parse(JSON.stringify(device)) as Device, levels, now));
      },
    });
  }

  async updateCheckSettings(
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
  }

  async applyPreset(
    me: Person,
    teamId: string,
    body: { preset: 'default' | 'all' },
    now: number,
  ): Promise<void> {
    const team = this.team(me, teamId);
    this.requireAccountAdmin(me, 'change the checks');
    await this.setCheckSettings(team, presetSettings(body.preset), now);
  }

  devicePolicy(me: Person, teamId: string): Schemas['DevicePolicy'] {
    return { requireSerial: this.team(me, teamId).requireSerial };
  }

  async updateDevicePolicy(
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
  }

  slackIntegrations(me: Person, teamId: string): Schemas['SlackIntegration'][] {
    return this.team(me, teamId).slackIntegrations;
  }

  reportRecipients(teamId: string): Schemas['ReportEmail'][] {
    return this.reportEmails.findMany((q) => q.where({ teamId }));
  }

  listReportEmails(me: Person, teamId: string): Schemas['ReportEmail'][] {
    this.team(me, teamId);
    return this.reportRecipients(teamId);
  }

  async addReportEmail(
    me: Person,
    teamId: string,
    body: { email: string; frequency: Schemas['ReportFrequency'] },
  ): Promise<Schemas['ReportEmail'][]> {
    this.team(me, teamId);
    this.requireAccountAdmin(me, 'change the report recipients');
    const existing = this.reportRecipients(teamId).find((item) =>
      sameEmail(item.email, body.email),
    );
    if (existing)
      throw badRequest(`${existing.email} already receives ${existing.frequency} reports`);
    await this.reportEmails.create({
      id: randomUUID(),
      email: body.email,
      frequency: body.frequency,
      teamId,
    });
    return this.reportRecipients(teamId);
  }

  async removeReportEmail(
    me: Person,
    teamId: string,
    body: { email: string; frequency: Schemas['ReportFrequency'] },
  ): Promise<Schemas['ReportEmail'][]> {
    this.team(me, teamId);
    this.requireAccountAdmin(me, 'change the report recipients');
    const found = this.reportRecipients(teamId).find(
      (item) => sameEmail(item.email, body.email) && item.frequency === body.frequency,
    );
    if (!found) throw notFound(`${body.email} does not receive ${body.frequency} reports`);
    this.reportEmails.delete((q) => q.where({ id: found.id }));
    return this.reportRecipients(teamId);
  }

  // --- credentials ----------------------------------------------------------------------------------

  /** Login: the password (once one was set here) and the second factor (once confirmed here). */
  checkLogin(
    person: Person,
    password: string,
    pin: string | undefined,
    now: number,
  ): 'ok' | 'failed' | 'second factor' {
    if (person.passwordHash && !passwordMatches(password, person.passwordHash)) return 'failed';
    if (person.totpSecret) {
      if (pin === undefined) return 'second factor';
      if (!totpMatches(person.totpSecret, pin, now)) return 'failed';
    }
    return 'ok';
  }

  async createTwoFactorSecret(me: Person): Promise<Schemas['TwoFactorSecret']> {
    const secret = newTotpSecret();
    await this.people.update((q) => q.where({ id: me.id }), {
      data(person) {
        person.pendingTotpSecrets = [...person.pendingTotpSecrets.slice(-4), secret];
      },
    });
    const label = encodeURIComponent(`Device Security:${me.email}`);
    return {
      secret,
      uri: `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent('Device Security')}`,
    };
  }

  async confirmTwoFactor(
    me: Person,
    body: { totp: string; secret: string; password?: string },
    now: number,
  ): Promise<void> {
    if (me.twoFAProvisioned) throw badRequest(REFUSE_RECONFIGURE);
    const wrongPassword =
      body.password !== undefined &&
      me.passwordHash !== null &&
      !passwordMatches(body.password, me.passwordHash);
    if (
      !me.pendingTotpSecrets.includes(body.secret) ||
      wrongPassword ||
      !totpMatches(body.secret, body.totp, now)
    ) {
      throw badRequest(WRONG_CODE);
    }
    await this.people.update((q) => q.where({ id: me.id }), {
      data(person) {
        person.totpSecret = body.secret;
        person.twoFAProvisioned = true;
        person.pendingTotpSecrets = [];
      },
    });
  }

  async changePassword(
    me: Person,
    body: { oldPassword?: string; newPassword: string },
  ): Promise<void> {
    if (me.hasPassword) {
      const old = body.oldPassword ?? '';
      if (old === '' || (me.passwordHash !== null && !passwordMatches(old, me.passwordHash))) {
        throw contractProblem('POST /user/password/change', 'wrongPassword');
      }
    }
    await this.setPassword(me, body.newPassword);
  }

  private async setPassword(person: Person, password: string): Promise<void> {
    const hash = hashPassword(password);
    await this.people.update((q) => q.where({ id: person.id }), {
      data(draft) {
        draft.passwordHash = hash;
        draft.hasPassword = true;
      },
    });
  }

  async requestPasswordReset(person: Person, now: number): Promise<void> {
    const reset = await this.passwordResets.create({
      resetToken: randomToken('rst', 16),
      personId: person.id,
      expiresAt: iso(now + 60 * 60 * 1000),
      used: false,
    });
    await this.send(
      now,
      person.email,
      'Reset your password',
      `/password/change/${person.id}/${reset.resetToken}`,
    );
  }

  async resetPassword(
    body: { userId: string; resetToken: string; password: string },
    now: number,
  ): Promise<void> {
    const reset = this.passwordResets.findFirst((q) => q.where({ resetToken: body.resetToken }));
    const person = reset && this.person(reset.personId);
    if (
      !reset ||
      !person ||
      reset.used ||
      reset.personId !== body.userId ||
      Date.parse(reset.expiresAt) < now
    ) {
      throw contractProblem('POST /user/password/reset/change', 'expiredLink');
    }
    await this.passwordResets.update((q) => q.where({ resetToken: reset.resetToken }), {
      data(draft) {
        draft.used = true;
      },
    });
    await this.setPassword(person, body.password);
  }

  async requestEmailChange(me: Person, body: { newEmail: string }, now: number): Promise<void> {
    if (this.personByEmail(body.newEmail))
      throw contractProblem('POST /user/email/change', 'emailTaken');
    const change = await this.emailChanges.create({
      changeToken: randomToken('chg', 16),
      personId: me.id,
      newEmail: body.newEmail,
      expiresAt: iso(now + DAY),
      newEmailVerified: false,
      currentEmailVerified: false,
    });
    const link = (stage: string) =>
      `/email/verify?stage=${stage}&newEmail=${encodeURIComponent(body.newEmail)}&changeToken=${change.changeToken}`;
    await this.send(now, me.email, 'Confirm the change of your login email', link('CurrentEmail'));
    await this.send(now, body.newEmail, 'Confirm your new login email', link('NewEmail'));
  }

  async verifyEmailChange(
    body: { newEmail: string; changeToken: string; stage: 'CurrentEmail' | 'NewEmail' },
    now: number,
  ): Promise<Schemas['EmailVerifyResult']> {
    const change = this.emailChanges.findFirst((q) => q.where({ changeToken: body.changeToken }));
    const person = change && this.person(change.personId);
    if (!change || !person || !sameEmail(change.newEmail, body.newEmail)) {
      throw contractProblem('POST /user/email/verify', 'invalidLink');
    }
    if (Date.parse(change.expiresAt) < now)
      throw contractProblem('POST /user/email/verify', 'expired');
    const updated = await this.emailChanges.update(
      (q) => q.where({ changeToken: change.changeToken }),
      {
        data(draft) {
          if (body.stage === 'CurrentEmail') draft.currentEmailVerified = true;
          else draft.newEmailVerified = true;
        },
      },
    );
    const result = {
      expiresAt: updated!.expiresAt,
      newEmailVerified: updated!.newEmailVerified,
      currentEmailVerified: updated!.currentEmailVerified,
    };
    if (
      result.newEmailVerified &&
      result.currentEmailVerified &&
      !sameEmail(person.email, change.newEmail)
    ) {
      if (this.personByEmail(change.newEmail)) {
        throw contractProblem('POST /user/email/verify', 'invalidLink');
      }
      await this.people.update((q) => q.where({ id: person.id }), {
        data(draft) {
          draft.email = change.newEmail;
        },
      });
    }
    return result;
  }

  async saveOnboardingInfo(me: Person): Promise<void> {
    await this.people.update((q) => q.where({ id: me.id }), {
      data(person) {
        person.onboardingCompleted = true;
        person.termsAccepted = true;
        person.firstLogin = false;
      },
    });
  }

  // --- billing --------------------------------------------------------------------------------------

  /** The billing owner sees the subscription; everyone else sees it as managed by someone else. */
  billingOf(me: Person): Schemas['Billing'] {
    const billing = { ...this.accountBilling(), deviceUsage: this.devices.count() };
    if (me.hasBillingRole) return billing;
    return {
      ...billing,
      state: me.state,
      nextPayment: null,
      lastPayment: null,
    };
  }

  async updateBilling(me: Person, body: { priceId: string; deviceLimit: number }): Promise<void> {
    if (!me.hasBillingRole) throw badRequest('Only the billing owner can change the plan.');
    const price = PRICES[body.priceId];
    if (!price) throw badRequest(`Unknown price ${body.priceId}`);
    if (body.deviceLimit < price.min || body.deviceLimit > price.max) {
      throw badRequest(`The ${price.plan} plan is for ${price.min} to ${price.max} devices.`);
    }
    const usage = this.devices.count();
    if (body.deviceLimit < usage) {
      throw badRequest(`The device limit cannot be lower than the ${usage} devices in use.`);
    }
    await this.billing.update((q) => q.where(() => true), {
      data(draft) {
        draft.plan = price.plan;
        draft.priceId = body.priceId;
        draft.deviceLimit = body.deviceLimit;
        if (price.perDevice === 0) {
          draft.state = 'Free';
          draft.nextPayment = null;
          draft.nextBillDate = null;
        } else {
          if (draft.state === 'Free' || draft.state === 'Canceled') draft.state = 'Subscribed';
          draft.nextPayment = { amount: price.perDevice * body.deviceLimit, currency: 'USD' };
        }
      },
    });
  }

  manageUrl(me: Person): Schemas['ManageUrl'] {
    if (!me.hasBillingRole || !PROVIDER_SUBSCRIPTION.has(this.accountBilling().state)) {
      throw notFound();
    }
    return example<Schemas['ManageUrl']>('GET /user/billing/manage', 'portal');
  }

  // --- integrations ---------------------------------------------------------------------------------

  useCode(code: string): boolean {
    if (this.meta.usedCodes.includes(code)) return false;
    this.meta = { ...this.meta, usedCodes: [...this.meta.usedCodes.slice(-99), code] };
    return true;
  }

  async connectSlack(me: Person, code: string): Promise<Schemas['SlackAuthResult']> {
    const team = this.visibleTeams(me)[0];
    if (!team) throw badRequest('Create a team before connecting Slack.');
    if (!this.useCode(`slack:${code}`)) {
      throw new ApiProblem(400, errorExample(400, 'slackCodeInvalid'));
    }
    const channel = '#device-security';
    await this.people.update((q) => q.where({ id: me.id }), {
      data(person) {
        person.slackConfig = { teamId: team.id, channel };
        person.slackManageLink = 'https://slack.com/apps/manage';
      },
    });
    if (!team.slackIntegrations.some((item) => item.channel === channel)) {
      await this.teams.update((q) => q.where({ id: team.id }), {
        data(draft) {
          draft.slackIntegrations.push({ channel, email: me.email });
        },
      });
    }
    return { ok: true };
  }

  // --- mail -----------------------------------------------------------------------------------------

  /** Mail the sandbox would have sent: kept for the QA panel and printed by the server. */
  async send(now: number, to: string, subject: string, link: string | null): Promise<void> {
    await this.mail.create({
      id: randomUUID(),
      to,
      subject,
      text: link ? `${subject}: ${link}` : subject,
      link,
      sent: iso(now),
    });
    const stored = this.mail.all();
    if (stored.length > 50) this.mail.delete((q) => q.where({ id: stored[0]!.id }));
    this.onMail?.(this.mail.all().at(-1)!);
  }

  /** Called for every mail sent (the server prints it). */
  onMail: ((mail: WorldData['mail'][number]) => void) | undefined;

  // --- simulations (QA panel, /__sandbox/simulate/...) ----------------------------------------------

  /**
   * "A device links to this team": a new, never-reported device joins the team through its newest
   * invite that has none yet (that invite then reports it), or without an invite when there is none.
   */
  async linkDevice(
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
      await this.invites.update((q) => q.where({ id: invite.id }), {
        data(draft) {
          draft.deviceId = id;
        },
      });
    }
    return { deviceId: id, inviteId: invite?.id ?? null };
  }

  private simulated(deviceId: string): Device {
    const device = this.devices.findFirst((q) => q.where({ id: deviceId }));
    if (!device) throw notFound('Device not found');
    return device;
  }

  /** "A device stops reporting": its last report moves back past the 60-day flag (status stale). */
  async stopReporting(deviceId: string, now: number): Promise<Device> {
    return this.report(deviceId, now - (STALE_AFTER_DAYS + 1) * DAY, now);
  }

  /** "A device reports again": it reports now (a device that never reported sends its first results). */
  async reportAgain(deviceId: string, now: number): Promise<Device> {
    return this.report(deviceId, now, now);
  }

  private async report(deviceId: string, at: number, now: number): Promise<Device> {
    const device = this.simulated(deviceId);
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
    await this.devices.update((q) => q.where({ id: device.id }), {
      data(draft) {
        Object.assign(draft, reported);
      },
    });
    return reported;
  }

  /** A summary of the world for the QA panel. */
  describe(now: number) {
    return {
      key: this.meta.key,
      variant: this.meta.variant,
      created: this.meta.created,
      people: this.people.all().map((person) => ({
        id: person.id,
        name: person.name,
        email: person.email,
        role: person.role,
      })),
      teams: this.teams.all().map((team) => ({
        id: team.id,
        name: team.name,
        devices: this.devicesOf(team.id, now).map((device) => ({
          id: device.id,
          deviceName: device.deviceName,
          status: device.status,
          lastCheck: device.lastCheck,
        })),
      })),
      mail: [...this.mail.all()].reverse(),
      outdatedAfterDays: OUTDATED_AFTER_DAYS,
    };
  }
}
