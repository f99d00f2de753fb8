// The records a world keeps, as valibot schemas built from the contract's generated component
// schemas (generated/component-schemas.ts): a collection refuses to create or update a record that
// breaks them, so the sandbox cannot store what the contract forbids. What a record holds beyond the
// contract (a person's role, a team's settings, an invite's email) is named here, next to it.
import * as v from 'valibot';
import { COMPONENT_SCHEMAS as C } from '../../generated/component-schemas';
import type { components } from '../../generated/api';
import type { Exemption } from './exemptions';
import type { HistoryEntry } from './history';

export type Schemas = components['schemas'];

const timestamp = v.pipe(v.string(), v.isoTimestamp());

export const ROLES = ['owner', 'admin', 'collaborator', 'support'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A person of the world: the contract's User without what depends on the request (`token`: the
 * session's own; `teams`: the teams the person may see; `state` and `trialDaysLeft` of the billing
 * owner follow the account's billing), plus what the sandbox remembers about the person.
 */
export const PersonRecord = v.object({
  ...v.omit(C.User, ['token', 'teams']).entries,
  /** owner: account admin with the billing role; admin; collaborator (sees teamIds); support. */
  role: v.picklist(ROLES),
  /** The first name the QA panel shows ("Alice"). */
  name: v.pipe(v.string(), v.minLength(1)),
  /** The teams a collaborator may see (admins, the owner and support staff see every team). */
  teamIds: v.array(C.Uuid),
  /** A password set in the sandbox (scrypt), or null: any password is accepted at login. */
  passwordHash: v.nullable(v.string()),
  /** The second factor confirmed in the sandbox (base32), or null: no code is asked at login. */
  totpSecret: v.nullable(v.string()),
  /** Secrets handed out by POST /user/2fa and not yet confirmed. */
  pendingTotpSecrets: v.array(v.string()),
});
export type Person = v.InferOutput<typeof PersonRecord>;

/** A team: the contract's TeamSummary (its device count is counted when read) and its settings. */
export const TeamRecord = v.object({
  ...v.omit(C.TeamSummary, ['deviceCount']).entries,
  requireSerial: C.DevicePolicy.entries.requireSerial,
  checkSettings: C.CheckSettings,
  slackIntegrations: v.array(C.SlackIntegration),
  created: timestamp,
});
export type Team = v.InferOutput<typeof TeamRecord>;

/** A device: exactly the contract's Device (check results per claim included). */
export const DeviceRecord = C.Device;
export type Device = Schemas['Device'];

export const ReportEmailRecord = C.ReportEmail;
export type ReportEmail = Schemas['ReportEmail'];

/** An invite to a team (device linking, invite by email, snooze link). */
export const InviteRecord = v.object({
  id: C.Uuid,
  teamId: C.Uuid,
  email: C.Email,
  deviceId: C.TeamInvite.entries.deviceId,
  created: timestamp,
  snoozedUntil: v.nullable(timestamp),
});
export type Invite = v.InferOutput<typeof InviteRecord>;

/** The account's subscription: the contract's Billing (its deviceUsage is counted when read). */
export const BillingRecord = v.omit(C.Billing, ['deviceUsage']);
export type Billing = v.InferOutput<typeof BillingRecord>;

/** Mail the sandbox "sent" (reset links, email-change links, invites): shown in the QA panel. */
export const MailRecord = v.object({
  id: C.Uuid,
  to: C.Email,
  subject: v.string(),
  text: v.string(),
  /** A path of the console (`/password/change/...`) or an absolute link. */
  link: v.nullable(v.string()),
  sent: timestamp,
});
export type Mail = v.InferOutput<typeof MailRecord>;

/** An email change in progress: both addresses must follow their link. */
export const EmailChangeRecord = v.object({
  changeToken: v.pipe(v.string(), v.minLength(16)),
  personId: C.Uuid,
  newEmail: C.Email,
  ...C.EmailVerifyResult.entries,
});
export type EmailChange = v.InferOutput<typeof EmailChangeRecord>;

/** A password reset link. */
export const PasswordResetRecord = v.object({
  resetToken: v.pipe(v.string(), v.minLength(16)),
  personId: C.Uuid,
  expiresAt: timestamp,
  used: v.boolean(),
});
export type PasswordReset = v.InferOutput<typeof PasswordResetRecord>;

/** A session token and whose it is (kept across worlds, so a browser session survives a restart). */
export const SessionRecord = v.object({
  token: v.pipe(v.string(), v.minLength(20)),
  worldKey: v.pipe(v.string(), v.minLength(1)),
  personId: C.Uuid,
  /** The support person who started this session by impersonating (null otherwise). */
  impersonatedBy: v.nullable(C.Uuid),
  created: timestamp,
});
export type Session = v.InferOutput<typeof SessionRecord>;

/** What a world remembers about itself. */
export const WorldMetaRecord = v.object({
  key: v.pipe(v.string(), v.minLength(1)),
  variant: v.string(),
  /** The moment the world was created (or reset): the story's "today". */
  created: timestamp,
  /** Slack and Google codes already used once (a code works once, like the real services). */
  usedCodes: v.array(v.string()),
});
export type WorldMeta = v.InferOutput<typeof WorldMetaRecord>;

/** A world as plain data: what is saved to disk and what a seed produces. */
export interface WorldData {
  meta: WorldMeta;
  people: Person[];
  teams: Team[];
  devices: Device[];
  reportEmails: ReportEmail[];
  invites: Invite[];
  billing: Billing[];
  mail: Mail[];
  emailChanges: EmailChange[];
  passwordResets: PasswordReset[];
  /** The proposals' records (exemptions.ts, history.ts, activity.ts); absent in older saves. */
  exemptions?: Exemption[];
  history?: HistoryEntry[];
  activity?: Schemas['ActivityEntry'][];
}
