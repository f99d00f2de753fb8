import { describe, expect, it } from 'vitest';
import { STORY_NOW_MS } from '../../scripts/sandbox/contract';
import { summary } from '../../scripts/sandbox/devices';
import { TEAM, VARIANTS, seed, type Variant } from '../../scripts/sandbox/story';
import { World } from '../../scripts/sandbox/world';
import { exampleOf } from './contract-document';

type Json = Record<string, unknown>;
const DAY = 24 * 60 * 60 * 1000;
const LATER = STORY_NOW_MS + 400 * DAY;

/** Moves every ISO time of a value by `offset` ms, to compare a world with the story's dates. */
function moved(value: unknown, offset: number): unknown {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) {
    return new Date(Date.parse(value) + offset).toISOString();
  }
  if (Array.isArray(value)) return value.map((item) => moved(item, offset));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, moved(item, offset)]));
  }
  return value;
}

describe('a world starts from the story of the contract', () => {
  it('holds the devices of the named examples, with their counts and statuses, dated from its creation', async () => {
    const world = await World.load(seed('story@example.com', 'northwind', LATER));
    const offset = LATER - STORY_NOW_MS;
    const devices = new Map(world.devicesOf(TEAM.engineering, LATER).map((d) => [d.id, d]));
    expect(devices.size).toBe(47);
    const shown = [
      ...((exampleOf('GET /team/{teamId}/devices', 'engineering') as Json).devices as Json[]),
      ...((exampleOf('GET /team/{teamId}/devices', 'lastPage') as Json).devices as Json[]),
    ];
    for (const device of shown) {
      expect(summary(devices.get(device.id as string)!), String(device.deviceName)).toEqual(
        moved(device, offset),
      );
    }
    for (const name of ['failing', 'compliant', 'pending', 'stale']) {
      const device = exampleOf('GET /device/{deviceId}', name) as Json;
      expect(devices.get(device.id as string)).toEqual(moved(device, offset));
    }
    // Relative times read as the story says, whatever the date: Alice's laptop reported 3 s before
    // the world was created, the build machine 112 days before.
    const alice = devices.get('de000000-0000-4000-8000-000000000002')!;
    expect(LATER - Date.parse(alice.lastCheck!)).toBe(3000);
    expect(devices.get('de000000-0000-4000-8000-000000000004')!.statusMsg).toBe(
      'No report for 112 days',
    );
  });

  it("computes the story's overview of Engineering from the devices and the required checks", async () => {
    const world = await World.load(seed('story@example.com', 'northwind', LATER));
    const alice = world.person('a1000000-0000-4000-8000-000000000001')!;
    expect(world.teamOverview(alice, TEAM.engineering, LATER)).toEqual(
      moved(exampleOf('GET /team/{teamId}/overview', 'busy'), LATER - STORY_NOW_MS),
    );
    expect(world.teamOverview(alice, TEAM.design, LATER).outdatedDevices.total).toBe(0);
  });

  it('has the teams, people, recipients, Slack channels and settings of the examples', async () => {
    const world = await World.load(seed('story@example.com', 'northwind', LATER));
    const alice = world.person('a1000000-0000-4000-8000-000000000001')!;
    expect(world.listTeams(alice)).toEqual(exampleOf('GET /teams', 'threeTeams'));
    const user = world.userView(alice, 'the-token', LATER) as unknown as Json;
    expect({ ...user, token: 'x' }).toEqual({
      ...(exampleOf('GET /user', 'admin') as Json),
      token: 'x',
    });
    expect(world.listAdmins(alice)).toEqual(exampleOf('GET /user/admins', 'withCurrentUser'));
    expect(world.listCollaborators(alice)).toEqual(exampleOf('GET /user/collaborators', 'two'));
    expect(world.listReportEmails(alice, TEAM.engineering)).toEqual(
      exampleOf('GET /team/{teamId}/report/emails', 'two'),
    );
    expect(world.slackIntegrations(alice, TEAM.engineering)).toEqual(
      exampleOf('GET /team/{teamId}/slack/integrations', 'two'),
    );
    expect(world.checkSettings(alice, TEAM.engineering)).toEqual(
      exampleOf('GET /team/{teamId}/settings/checks', 'engineering'),
    );
    // The account's 48 devices on the Business plan of the story (48 of 50).
    expect(world.billingOf(alice)).toEqual(
      moved(exampleOf('GET /user/billing', 'business'), LATER - STORY_NOW_MS),
    );
    const bob = world.person('a1000000-0000-4000-8000-000000000002')!;
    expect(world.listTeams(bob).map((team) => team.name)).toEqual(['Engineering', 'Design']);
  });

  it.each(Object.keys(VARIANTS) as Variant[])(
    'variant %s: every record passes its schema and Alice is the getUser example',
    async (variant) => {
      const world = await World.load(seed(`${variant}@example.com`, variant, LATER));
      const alice = world.person('a1000000-0000-4000-8000-000000000001')!;
      const example = exampleOf('GET /user', variant === 'northwind' ? 'admin' : variant) as Json;
      const user = world.userView(alice, 't', LATER) as unknown as Json;
      expect({ ...user, token: '', teams: [] }).toEqual({
        ...example,
        token: '',
        teams: [],
        trialDaysLeft: user.trialDaysLeft,
      });
      expect(user.teams).toEqual(
        (example.teams as Json[]).map((team) => ({
          ...team,
          deviceCount: world.devices.findMany((q) => q.where({ teamId: team.id as string })).length,
        })),
      );
    },
  );

  it('a new account is onboarding with an empty Sales team and 14 days of trial', async () => {
    const world = await World.load(seed('new@example.com', 'newUser', LATER));
    const alice = world.person('a1000000-0000-4000-8000-000000000001')!;
    const user = world.userView(alice, 't', LATER);
    expect(user.onboardingCompleted).toBe(false);
    expect(user.teams).toEqual([{ id: TEAM.sales, name: 'Sales', deviceCount: 0 }]);
    expect(user.trialDaysLeft).toBe(14);
    expect(world.devices.count()).toBe(0);
  });
});
