// The story a world starts from: Northwind Labs of openapi/SCENARIOS.md, read from the contract's
// named examples (people, teams, devices, check results, report recipients, Slack channels, billing),
// with its dates moved so that the story's "today" (2026-11-21T12:00:00Z) is the moment the world is
// created. The examples show 27 of Engineering's 47 devices in full; the other 20 (21 to 40) are
// completed from what the overview example says about them (name, owner, last report, failing
// FileVault) with fixed, made-up details, so the overview computed from the world's devices is the
// overview of the story.
import { createHash } from 'node:crypto';
import { STORY_NOW_MS, example } from './contract';
import { derive, levelsOf } from './devices';
import { DAY } from './shared';
import type {
  Billing,
  Device,
  Invite,
  Person,
  ReportEmail,
  Role,
  Schemas,
  Team,
  WorldData,
} from './records';

type User = Schemas['User'];
type CheckSettings = Schemas['CheckSettings'];
type OverviewDevice = Schemas['OverviewDevice'];

export const TEAM = {
  engineering: '7e000000-0000-4000-8000-000000000001',
  design: '7e000000-0000-4000-8000-000000000002',
  sales: '7e000000-0000-4000-8000-000000000003',
} as const;

export const PERSON = {
  alice: 'a1000000-0000-4000-8000-000000000001',
  bob: 'a1000000-0000-4000-8000-000000000002',
  dana: 'a1000000-0000-4000-8000-000000000003',
  frank: 'a1000000-0000-4000-8000-000000000004',
  peggy: 'a1000000-0000-4000-8000-000000000005',
  erin: 'a1000000-0000-4000-8000-000000000006',
} as const;
export type PersonName = keyof typeof PERSON;

/** The story's invite (device linking, snooze link): it linked Heidi's MacBook Air. */
export const STORY_INVITE = '1f000000-0000-4000-8000-000000000001';

/** Ids every world shares (the story's own): a public call naming one without a session cannot tell the world. */
export function isStoryId(id: string): boolean {
  return /^(7e|de|a1|1f|4e)000000-0000-4000-8000-/.test(id);
}

/**
 * The stories a world can start from: the Northwind Labs story, and the account states of the
 * contract's getUser examples for Alice (each a variant of the story).
 */
export const VARIANTS = {
  northwind: 'Northwind Labs: Alice, account admin and billing owner; 3 teams, 48 devices',
  newUser: 'A new account still onboarding: Sales only, no devices, free trial',
  noPassword: 'Northwind Labs, but Alice signed up with Google and has no password',
  noTwoFactor: 'Northwind Labs, but Alice has not set up two-factor authentication',
  noTeams: 'An account admin without any team (no devices)',
  singleTeam: 'Northwind Labs with Engineering only (no team switcher)',
  trial: 'Northwind Labs during the free trial, 9 days left',
  slackNotConnected: 'Northwind Labs with Slack not connected',
  noIntegrations: 'Northwind Labs without the integrations flag',
} as const;
export type Variant = keyof typeof VARIANTS;

export function isVariant(name: string): name is Variant {
  return Object.hasOwn(VARIANTS, name);
}

const HOUR = 60 * 60 * 1000;

/** Platform-specific checks: a Windows or Linux device reports 14 of the 21 (the story's counts). */
const MAC_ONLY = new Set([
  '284162c2-f911-4b5e-8c81-30b2cf1ba73f', // macOS is up-to-date
  'b56b3b65-b296-489d-bbf2-defc9fee8abd', // Security updates are automatic
  'c3aee29a-f16d-4573-a861-b3ba0d860067', // FileVault is on
  'b59e172e-6a2d-4309-94ed-11e8722836b3', // Gatekeeper is on
  '555a56c1-1098-4b5d-ac8a-a1e8fc52dcfd', // Time Machine backup is encrypted
  '58e8267b-05eb-490a-9c91-77ac6499af8f', // AirDrop is secured
  'f962c423-fdf5-428a-a57a-827abc9b253e', // Password manager is installed (macOS keychain apps)
]);
export const CHECK = {
  fileVault: 'c3aee29a-f16d-4573-a861-b3ba0d860067',
  firewall: '2e46c89a-5461-4865-a92e-3b799c12034a',
} as const;
/** Optional checks a made-up result fails first, then those it turns off. */
const OPTIONAL_FAILS = [
  '7436553a-ae52-479b-937b-2ae14d15a520', // Apps are up to date
  'b092ab27-c513-43cc-8b52-e89c4cb30114', // Current user is not admin
  '90af543c-6fc8-4206-88d3-0a6bfe1f62a6', // SSH keys require a password
  'eaf9b201-b06e-4679-bcc1-014d2746dd16', // Sharing files is off
];
const OPTIONAL_OFFS = [
  '15e05932-3fe4-44b5-941a-191781ec6d26', // Sharing printers is off
  '4ced961d-7cfc-4e7b-8f80-195f6379446e', // Remote login is off
  '32c1c3e7-c838-42a2-8f96-9a11b96c2169', // SSH keys use strong encryption
];

/** The check catalogue, and Engineering's levels (the "default" preset: 8 required). */
export function defaultCheckSettings(): CheckSettings {
  return example<CheckSettings>('GET /team/{teamId}/settings/checks', 'engineering');
}

/** The presets of POST /team/{teamId}/settings/checks/preset. */
export function presetSettings(preset: 'default' | 'all'): CheckSettings {
  const settings = defaultCheckSettings();
  if (preset === 'all') {
    for (const claim of settings.claims) for (const check of claim.checks) check.level = 'required';
  }
  return settings;
}

/** The checks a device of a platform reports, grouped by claim, all passing. */
export function passingClaims(platform: Schemas['Platform']): Device['claims'] {
  return defaultCheckSettings()
    .claims.map((claim) => ({
      claim: claim.claim,
      checks: claim.checks
        .filter((check) => platform === 'macOS' || !MAC_ONLY.has(check.id))
        .map((check) => ({
          id: check.id,
          description: check.description,
          state: 'pass' as const,
          level: check.level,
        })),
    }))
    .filter((claim) => claim.checks.length > 0);
}

/**
 * Check results that give the counts of a device summary: the required checks the overview says
 * it fails, then optional failures and turned-off checks in a fixed order, every other check passing.
 */
function madeUpClaims(device: Schemas['DeviceSummary'], requiredFails: string[]): Device['claims'] {
  if (device.lastCheck === null) return [];
  const claims = passingClaims(device.platform);
  const states = new Map<string, Schemas['CheckState']>();
  for (const id of requiredFails) states.set(id, 'fail');
  const reported = new Set(claims.flatMap((claim) => claim.checks.map((check) => check.id)));
  const optionalFails = OPTIONAL_FAILS.filter((id) => reported.has(id));
  for (const id of optionalFails.slice(0, device.failedCount - requiredFails.length)) {
    states.set(id, 'fail');
  }
  const offs = OPTIONAL_OFFS.filter((id) => reported.has(id) && !states.has(id));
  for (const id of offs.slice(0, device.disabledCount)) states.set(id, 'off');
  return claims.map((claim) => ({
    claim: claim.claim,
    checks: claim.checks.map((check) => ({ ...check, state: states.get(check.id) ?? check.state })),
  }));
}

const hex = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** A stable made-up hardware UUID and serial for a device id. */
function hardware(id: string) {
  const h = hex(id).toUpperCase();
  return {
    machineUUID: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`,
    modelSerial: h.slice(32, 42).replace(/[^0-9A-Z]/g, 'X'),
  };
}

const OWNERS = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'yvonne',
  'zoe',
];

const deviceId = (n: number) => `de000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

/** What a made-up device of a platform is (a Mac alternates models: an Air for even numbers). */
const MADE_UP = {
  Windows: { name: 'win', os: 'Windows 11 25H2', models: ['Surface Laptop 7'] },
  Linux: { name: 'linux', os: 'Ubuntu 24.04.3 LTS', models: ['Framework Laptop 13'] },
  macOS: {
    name: 'mbp',
    os: 'macOS 26.1',
    models: ['MacBook Air (13-inch, M3, 2024)', 'MacBook Pro (14-inch, M4, 2024)'],
  },
};

/** Engineering devices 21 to 40, completed from the overview example. */
function madeUpEngineeringDevice(
  n: number,
  known: OverviewDevice | undefined,
  failsFileVault: boolean,
): Device {
  const id = deviceId(n);
  const platform = n === 28 ? 'Windows' : n === 31 ? 'Linux' : 'macOS';
  const made = MADE_UP[platform];
  const name = known?.deviceName ?? `eng-${made.name}-0${n}`;
  const lastCheck =
    known?.lastCheck ??
    new Date(STORY_NOW_MS - ((n * 53 * 60 * 1000) % DAY)).toISOString().replace('.000Z', 'Z');
  const total = platform === 'macOS' ? 21 : 14;
  const failedCount = failsFileVault ? 1 : n % 2 === 0 ? 1 : 0;
  const summary: Schemas['DeviceSummary'] = {
    id,
    teamId: TEAM.engineering,
    ...hardware(id),
    reportedDeviceName: name,
    deviceName: name,
    status: 'compliant',
    statusMsg: '',
    passedCount: total - failedCount,
    failedCount,
    failedRequiredCount: failsFileVault ? 1 : 0,
    disabledCount: 0,
    version: n % 4 === 1 ? '1.13.0' : '1.14.2',
    osVersion: made.os,
    lastCheck,
    modelName: made.models[n % made.models.length]!,
    platform,
    created: new Date(Date.parse('2025-03-08T10:00:00Z') + (n - 1) * (5 * DAY + HOUR))
      .toISOString()
      .replace('.000Z', 'Z'),
    ownerEmail: `${known?.ownerEmail.split('@')[0] ?? OWNERS[n % OWNERS.length]}@northwind.example`,
    publicId: null,
  };
  if (platform !== 'macOS') summary.modelSerial = null;
  return { ...summary, claims: madeUpClaims(summary, failsFileVault ? [CHECK.fileVault] : []) };
}

/** Every device of the story (Engineering's 47 and Design's one), as of the story's today. */
export function storyDevices(): Device[] {
  const list = example<Schemas['DeviceList']>('GET /team/{teamId}/devices', 'engineering').devices;
  const last = example<Schemas['DeviceList']>('GET /team/{teamId}/devices', 'lastPage').devices;
  const design = example<Schemas['DeviceList']>('GET /team/{teamId}/devices', 'single').devices;
  const busy = example<Schemas['TeamOverview']>('GET /team/{teamId}/overview', 'busy');
  const detailed = new Map(
    ['failing', 'compliant', 'pending', 'stale'].map((name) => {
      const device = example<Device>('GET /device/{deviceId}', name);
      return [device.id, device] as const;
    }),
  );
  const failing = new Map(
    busy.requiredChecks.map((check) => [check.id, new Set(check.devices.map((d) => d.id))]),
  );
  const requiredFails = (id: string) =>
    [...failing.entries()].filter(([, ids]) => ids.has(id)).map(([check]) => check);
  const known = new Map<string, OverviewDevice>();
  for (const check of busy.requiredChecks)
    for (const device of check.devices) known.set(device.id, device);
  for (const device of busy.outdatedDevices.devices) known.set(device.id, device);

  const devices: Device[] = [];
  for (const summary of [...list, ...last, ...design]) {
    devices.push(
      detailed.get(summary.id) ?? {
        ...summary,
        claims: madeUpClaims(summary, requiredFails(summary.id)),
      },
    );
  }
  for (let n = 21; n <= 40; n += 1) {
    const id = deviceId(n);
    devices.push(
      madeUpEngineeringDevice(n, known.get(id), failing.get(CHECK.fileVault)?.has(id) ?? false),
    );
  }
  // In the story's numbering: the order the world keeps them in (the overview lists them so).
  return devices.sort((a, b) => a.id.localeCompare(b.id));
}

/** Moves an ISO time by `offset` ms (null stays null). */
function shift<T extends string | null | undefined>(iso: T, offset: number): T {
  if (typeof iso !== 'string') return iso;
  return new Date(Date.parse(iso) + offset).toISOString() as T;
}

function person(user: User, role: Role, name: string, teamIds: string[]): Person {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { token, teams, ...rest } = user;
  return {
    ...rest,
    role,
    name,
    teamIds,
    passwordHash: null,
    totpSecret: null,
    pendingTotpSecrets: [],
  };
}

function storyPeople(variant: Variant): Person[] {
  const user = (name: string) => example<User>('GET /user', name);
  // Alice's getUser example is named after the variant ("admin" for the story itself).
  const alice = person(user(variant === 'northwind' ? 'admin' : variant), 'owner', 'Alice', []);
  const dana = person(user('superuser'), 'support', 'Dana', []);
  if (variant === 'newUser') return [alice, dana];
  const bob = person(user('collaborator'), 'collaborator', 'Bob', [TEAM.engineering, TEAM.design]);
  const erin = person(
    {
      ...user('collaborator'),
      id: PERSON.erin,
      email: 'erin@northwind.example',
      beaconSignature: hex('erin@northwind.example'),
    },
    'collaborator',
    'Erin',
    [TEAM.sales],
  );
  return [
    alice,
    bob,
    dana,
    person(user('noBillingRole'), 'admin', 'Frank', []),
    person(user('noTeamsMember'), 'collaborator', 'Peggy', []),
    erin,
  ];
}

function storyTeams(variant: Variant): Team[] {
  const teams = example<Schemas['TeamSummary'][]>('GET /teams', 'threeTeams');
  const kept =
    variant === 'noTeams'
      ? []
      : variant === 'singleTeam'
        ? teams.filter((team) => team.id === TEAM.engineering)
        : variant === 'newUser'
          ? teams.filter((team) => team.id === TEAM.sales)
          : teams;
  const created: Record<string, string> = {
    [TEAM.engineering]: '2025-03-01T09:00:00Z',
    [TEAM.design]: '2025-04-01T09:00:00Z',
    [TEAM.sales]: variant === 'newUser' ? '2026-11-21T11:50:00Z' : '2025-06-01T09:00:00Z',
  };
  return kept.map((team) => ({
    ...team,
    requireSerial: team.id === TEAM.engineering,
    checkSettings: defaultCheckSettings(),
    slackIntegrations:
      team.id === TEAM.engineering
        ? example<Schemas['SlackIntegration'][]>('GET /team/{teamId}/slack/integrations', 'two')
        : [],
    created: created[team.id] ?? '2025-06-01T09:00:00Z',
  }));
}

function storyBilling(variant: Variant): Billing {
  if (variant === 'newUser') {
    return {
      ...example<Billing>('GET /user/billing', 'trial'),
      validTo: new Date(STORY_NOW_MS + 14 * DAY).toISOString(),
    };
  }
  const business = example<Billing>('GET /user/billing', 'business');
  if (variant !== 'trial') return business;
  // The trial of the story's own account: Business for its 48 devices (the example's Team plan
  // could not hold them).
  return {
    ...example<Billing>('GET /user/billing', 'trial'),
    plan: 'Business',
    priceId: business.priceId,
    deviceLimit: business.deviceLimit,
    nextPayment: business.nextPayment,
  };
}

/** A world's data for a variant of the story, its dates moved so that the story's today is `now`. */
export function seed(key: string, variant: Variant, now: number): WorldData {
  const offset = now - STORY_NOW_MS;
  const teams = storyTeams(variant).map((team) => ({
    ...team,
    created: shift(team.created, offset),
  }));
  const teamIds = new Set(teams.map((team) => team.id));
  const levels = new Map(teams.map((team) => [team.id, levelsOf(team)]));
  const devices = storyDevices()
    .filter((device) => teamIds.has(device.teamId))
    .map((device) => {
      const moved = {
        ...device,
        lastCheck: shift(device.lastCheck, offset),
        // A device cannot join after the story's today (the Design example's date is in 2027).
        created: shift(
          new Date(Math.min(Date.parse(device.created), STORY_NOW_MS)).toISOString(),
          offset,
        ),
      };
      return derive(moved, levels.get(device.teamId)!, now);
    });
  const people = storyPeople(variant).map((item) => ({
    ...item,
    teamIds: item.teamIds.filter((id) => teamIds.has(id)),
  }));
  const reportEmails: ReportEmail[] = teamIds.has(TEAM.engineering)
    ? example<ReportEmail[]>('GET /team/{teamId}/report/emails', 'two')
    : [];
  const invites: Invite[] = devices.some((device) => device.id === deviceId(3))
    ? [
        {
          id: STORY_INVITE,
          teamId: TEAM.engineering,
          email: 'heidi@northwind.example',
          deviceId: deviceId(3),
          created: shift('2026-11-21T11:50:00Z', offset),
          snoozedUntil: null,
        },
      ]
    : [];
  const billing = storyBilling(variant);
  return {
    meta: { key, variant, created: new Date(now).toISOString(), usedCodes: [] },
    people,
    teams,
    devices,
    reportEmails,
    invites,
    billing: [
      {
        ...billing,
        nextBillDate: shift(billing.nextBillDate, offset),
        lastBillDate: shift(billing.lastBillDate, offset),
        canceledAt: shift(billing.canceledAt, offset),
        validTo: shift(billing.validTo, offset),
      },
    ],
    mail: [],
    emailChanges: [],
    passwordResets: [],
  };
}
