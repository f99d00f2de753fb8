import type { Page, Request } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { example, type Schemas } from './contract-examples';

type Team = Schemas['TeamSummary'];
type PublicTeam = Schemas['PublicTeam'];

// Both pages are public: every test here runs signed out (no session is stored).
const [engineering] = example<Team[]>('listTeams', 'threeTeams');
const teamId = engineering!.id;
const inviteId = '1f000000-0000-4000-8000-000000000001';
const snoozePath = `/snooze/${teamId}/${inviteId}`;
const joinPath = `/team/join/${teamId}`;
const publicTeam = example<PublicTeam>('getPublicTeam', 'engineering');
const designTeam = example<PublicTeam>('getPublicTeam', 'serialOptional');

function record(page: Page, method: string, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === `/api/v1${path}`) seen.push(r);
  });
  return seen;
}

test.describe('snooze', () => {
  test('snoozes on arrival, offers Try again after a failure, and says when the link is no longer valid', async ({
    page,
    scenario,
  }) => {
    // First: it checks the snooze sent on the tab's first visit.
    await test.step('snoozes once on arrival, signed out, and says so', async () => {
      const calls = record(page, 'PATCH', `/team/${teamId}/snooze/emails`);
      await page.goto(snoozePath);
      await expect(page.getByText('Email reminders are snoozed for 15 days.')).toBeVisible();
      await expect(page).toHaveTitle(/^Snooze Reminders \| /);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.postDataJSON()).toEqual({ inviteId });
      expect(await calls[0]!.headerValue('authorization')).toBeNull();
      await expectAccessible(page);
    });

    await test.step('a failure offers Try again, which snoozes', async () => {
      await scenario.prefer({ 'PATCH /team/{teamId}/snooze/emails': 'code=500' });
      await page.goto(snoozePath);
      await expect(page.getByRole('alert')).toContainText('Internal server error.');
      await expectAccessible(page);
      await scenario.prefer({ 'PATCH /team/{teamId}/snooze/emails': '' });
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByText('Email reminders are snoozed for 15 days.')).toBeVisible();
    });

    await test.step('a link that is no longer valid says so, with the way to the join page', async () => {
      await scenario.prefer({ 'PATCH /team/{teamId}/snooze/emails': 'code=404' });
      await page.goto(snoozePath);
      await expect(page.getByText('This snooze link is not valid any more.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await page.getByRole('link', { name: 'See how to join the team' }).click();
      await expect(page).toHaveURL(new RegExp(`${joinPath}$`));
    });
  });
});

test.describe('public team page', () => {
  test("with the team's details: consent when the serial is required, none when not; join and snooze fit a phone", async ({
    page,
    scenario,
  }) => {
    await test.step('serial required: consent first, then the link; the invited email is shown', async () => {
      await page.goto(`${joinPath}?email=heidi%40northwind.example`);
      await expect(page).toHaveTitle(/^Join Team \| /);
      await expect(
        page.getByRole('heading', { level: 1, name: `Join ${publicTeam.name}` }),
      ).toBeVisible();
      await expect(page.getByText('You were invited as heidi@northwind.example.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download the desktop app' })).toHaveAttribute(
        'target',
        '_blank',
      );
      const link = page.getByRole('textbox', { name: 'Team invite link' });
      await expect(link).toHaveCount(0);
      await expectAccessible(page);
      await page
        .getByRole('checkbox', {
          name: `I agree to send this device's serial number to ${publicTeam.name}.`,
        })
        .check();
      await expect(link).toHaveValue(`${new URL(page.url()).origin}${joinPath}`);
    });

    await test.step('serial not required: no consent asked', async () => {
      await scenario.prefer({ 'GET /team/{teamId}/public': 'example=serialOptional' });
      await page.goto(joinPath);
      await expect(
        page.getByRole('heading', { level: 1, name: `Join ${designTeam.name}` }),
      ).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Team invite link' })).toBeVisible();
      await expect(page.getByRole('checkbox')).toHaveCount(0);
    });

    // Last: the phone's viewport stays for the rest of the test.
    await test.step('phone: snooze and join fit 390 px', async () => {
      // The team's details as the contract's example has them again (serial required).
      await scenario.prefer({ 'GET /team/{teamId}/public': '' });
      await page.setViewportSize({ width: 390, height: 844 });
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      await page.goto(`${joinPath}?email=heidi%40northwind.example`);
      await page.getByRole('checkbox').check();
      await expect(page.getByRole('textbox', { name: 'Team invite link' })).toBeVisible();
      expect(await width()).toBeLessThanOrEqual(390);
      await page.goto(snoozePath);
      await expect(page.getByText('Email reminders are snoozed for 15 days.')).toBeVisible();
      expect(await width()).toBeLessThanOrEqual(390);
    });
  });

  test("without the team's details (a 404 or a network failure): how to join all the same", async ({
    page,
    scenario,
  }) => {
    await test.step('a 404 (an unknown team, or a backend without the call): how to join all the same', async () => {
      await scenario.prefer({ 'GET /team/{teamId}/public': 'code=404' });
      await page.goto(joinPath);
      await expect(page.getByRole('heading', { level: 1, name: 'Join Team' })).toBeVisible();
      await expect(page.getByText("The team's details are not available here.")).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Install the desktop app' })).toBeVisible();
      await page
        .getByRole('checkbox', {
          name: "I agree to send this device's serial number to this team.",
        })
        .check();
      await expect(page.getByRole('textbox', { name: 'Team invite link' })).toBeVisible();
      await expectAccessible(page);
    });

    // Last: its route fails every later request for the team's details.
    await test.step('network failure: instructions with consent either way; failFast=true: no retries', async () => {
      await scenario.prefer({ 'GET /team/{teamId}/public': '' });
      const gets = record(page, 'GET', `/team/${teamId}/public`);
      await page.route(`**/api/v1/team/${teamId}/public`, (route) => route.abort('failed'));
      const consent = page.getByRole('checkbox', {
        name: "I agree to send this device's serial number to this team.",
      });

      await page.goto(`${joinPath}?failFast=true`);
      await expect(page.getByRole('alert')).toContainText('Network Error.');
      await expect(page.getByRole('heading', { name: 'Install the desktop app' })).toBeVisible();
      await expect(consent).toBeVisible();
      expect(gets).toHaveLength(1);

      // Without failFast the steps show after the first failure, while it is retried.
      await page.goto(joinPath);
      await expect(page.getByRole('heading', { name: 'Install the desktop app' })).toBeVisible();
      await expect(consent).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('Network Error.');
      await expect.poll(() => gets.length).toBe(4); // one more, plus two retries
    });
  });
});
