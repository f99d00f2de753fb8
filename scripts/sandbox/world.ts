// A world: one account's state (people, teams, devices, recipients, invites, billing, mail), kept in
// @msw/data collections whose schemas are built from the contract's generated component schemas,
// what every domain needs of it (who sees which team, mail), and, from one file per domain, what
// each operation of the contract does to it: people.ts (people and credentials), teams.ts (teams and
// settings), device-actions.ts (devices), billing.ts (billing and integrations), simulations.ts,
// and the proposals: exemptions.ts, history.ts (compliance per day), activity.ts (the log).
// Handlers (handlers.ts) only translate HTTP.
import { randomUUID } from 'node:crypto';
import { Collection } from '@msw/data';
import { activityActions, ActivityRecord, type ActivityActions } from './activity';
import { billingActions, type BillingActions } from './billing';
import { deviceActions, type DeviceActions } from './device-actions';
import {
  applyExemptions,
  exemptionActions,
  ExemptionRecord,
  type ExemptionActions,
} from './exemptions';
import { historyActions, HistoryRecord, type HistoryActions } from './history';
import { peopleActions, type PeopleActions } from './people';
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
} from './records';
import { simulations, type Simulations } from './simulations';
import { teamActions, type TeamActions } from './teams';
import { OUTDATED_AFTER_DAYS, statusOf } from './devices';
import type { Billing, Device, Person, Schemas, Team, WorldData, WorldMeta } from './records';
import { badRequest, iso, notFound, sameEmail } from './shared';

export { ApiProblem, badRequest, notFound } from './shared';

/** A world's collections, each with the schema its records must pass. */
const RECORDS = {
  people: PersonRecord,
  teams: TeamRecord,
  devices: DeviceRecord,
  reportEmails: ReportEmailRecord,
  invites: InviteRecord,
  billing: BillingRecord,
  mail: MailRecord,
  emailChanges: EmailChangeRecord,
  passwordResets: PasswordResetRecord,
  exemptions: ExemptionRecord,
  history: HistoryRecord,
  activity: ActivityRecord,
};
const COLLECTIONS = Object.keys(RECORDS) as (keyof typeof RECORDS)[];
type Collections = { readonly [K in keyof typeof RECORDS]: Collection<(typeof RECORDS)[K]> };

/** One account's state; its operations come from the domains' files (merged below). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the end of the file
export class World {
  meta: WorldMeta;

  private constructor(meta: WorldMeta) {
    this.meta = meta;
    for (const name of COLLECTIONS) {
      Object.assign(this, { [name]: new Collection({ schema: RECORDS[name] }) });
    }
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
      // A world saved before a collection existed has none of its records.
      for (const record of data[name] ?? []) await collection.create(record as never);
    }
  }

  /** The world as JSON (what is saved, and what a change is compared with). */
  serialize(): string {
    return JSON.stringify({
      meta: this.meta,
      ...Object.fromEntries(COLLECTIONS.map((name) => [name, this[name].all()])),
    });
  }

  /** The world back to a state `serialize` gave (a change that failed is undone). */
  async restore(json: string): Promise<void> {
    const data = JSON.parse(json) as WorldData;
    this.meta = data.meta;
    for (const name of COLLECTIONS) this[name].clear();
    await this.#fill(data);
  }

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

  requireAccountAdmin(person: Person, what: string): void {
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

  /** A team's devices with their status as of `now` and their exemptions in force then. */
  devicesOf(teamId: string, now: number): Device[] {
    const notes = this.exemptionNotes(now);
    return this.devices
      .findMany((q) => q.where({ teamId }))
      .map((device) =>
        applyExemptions({ ...device, ...statusOf(device, now) }, notes.get(device.id), now),
      );
  }

  useCode(code: string): boolean {
    if (this.meta.usedCodes.includes(code)) return false;
    this.meta = { ...this.meta, usedCodes: [...this.meta.usedCodes.slice(-99), code] };
    return true;
  }

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

// The operations of each domain, on every world's prototype (`this` is the world).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- assigned just below
export interface World
  extends
    Collections,
    PeopleActions,
    TeamActions,
    DeviceActions,
    BillingActions,
    Simulations,
    ExemptionActions,
    HistoryActions,
    ActivityActions {}
Object.assign(
  World.prototype,
  peopleActions,
  teamActions,
  deviceActions,
  billingActions,
  simulations,
  exemptionActions,
  historyActions,
  activityActions,
);
