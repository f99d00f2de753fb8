import type { Locator, Page } from '@playwright/test';
import { test, expect, STORY_NOW, type Scenario } from './fixtures';
import { example, type Schemas } from './contract-examples';

/**
 * Security probe §6: a double click (two clicks in the same task, before React can
 * disable the button) sends ONE request, in every flow; a repeated delete answered 404 is done.
 */
type Device = Schemas['Device'];
type Team = Schemas['TeamSummary'];
const teams = example<Team[]>('listTeams', 'threeTeams');
const engineering = teams.find((t) => t.deviceCount > 0)!;
const failing = example<Device>('getDevice', 'failing');

test.beforeEach(async ({ page, scenario }) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.signIn();
});

/** Count requests of one method and API path from now on. */
function count(page: Page, method: string, path: string) {
  const seen = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === `/api/v1${path}`) seen.n += 1;
  });
  return seen;
}

/** Two clicks dispatched in one task: what a fast double click does to a busy page. */
async function doubleClick(button: Locator) {
  await expect(button).toBeEnabled();
  await button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

const FLOWS: {
  name: string;
  device: 'failing' | 'compliant';
  method: string;
  path: string;
  open: string;
  act(page: Page): Promise<Locator>;
  done: RegExp;
}[] = [
  {
    name: 'rename',
    device: 'failing',
    method: 'PATCH',
    path: `/device/${failing.id}/rename`,
    open: `/device/${failing.id}/rename`,
    async act(page) {
      await page.getByRole('textbox', { name: 'Device name' }).fill('Renamed once');
      return page.getByRole('button', { name: 'Save' });
    },
    done: /Device renamed!/,
  },
  {
    name: 'move',
    device: 'failing',
    method: 'PATCH',
    path: `/device/${failing.id}/move`,
    open: `/device/${failing.id}/move`,
    async act(page) {
      await page.getByRole('radio').first().check();
      return page.getByRole('button', { name: 'Move', exact: true });
    },
    done: /Device moved!/,
  },
  {
    name: 'remove',
    device: 'failing',
    method: 'DELETE',
    path: `/team/${engineering.id}/device`,
    open: `/device/${failing.id}`,
    async act(page) {
      await page.getByRole('button', { name: 'Remove' }).click();
      return page.getByRole('dialog').getByRole('button', { name: 'Remove' });
    },
    done: /Device removed!/,
  },
  {
    name: 'publish',
    device: 'failing',
    method: 'POST',
    path: `/device/${failing.id}/public`,
    open: `/device/${failing.id}/public`,
    async act(page) {
      return page.getByRole('button', { name: 'Publish', exact: true });
    },
    done: /Updated!/,
  },
  {
    name: 'unpublish',
    device: 'compliant',
    method: 'DELETE',
    path: `/device/{id}/public`,
    open: `/device/{id}/public`,
    async act(page) {
      return page.getByRole('button', { name: 'Unpublish' });
    },
    done: /Updated!/,
  },
  {
    name: 'invite',
    device: 'failing',
    method: 'POST',
    path: `/team/${engineering.id}/invite`,
    open: `/devices/${engineering.id}?openInviteModal=true`,
    async act(page) {
      const wizard = page.getByRole('dialog');
      // The Link step: reaching it creates the wizard's own invite (one POST, before counting).
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect(wizard.getByRole('link', { name: 'Link this device' })).toBeVisible();
      await wizard
        .getByRole('textbox', { name: 'Email', exact: true })
        .fill('new@northwind.example');
      return wizard.getByRole('button', { name: 'Send invite' });
    },
    done: /Invitation sent to new@northwind\.example\./,
  },
];

/** A flow's test, as a step of the tests below: its page, a double click, one request. */
function doubleClickStep(page: Page, scenario: Scenario, name: string) {
  const flow = FLOWS.find((f) => f.name === name)!;
  return test.step(`${flow.name}: a double click sends one request`, async () => {
    const device = example<Device>('getDevice', flow.device);
    await scenario.prefer({ 'GET /device/{deviceId}': `example=${flow.device}` });
    await page.goto(flow.open.replace('{id}', device.id));
    const button = await flow.act(page);
    // Counted from the moment the button is ready: only what the double click sends.
    const calls = count(page, flow.method, flow.path.replace('{id}', device.id));
    await doubleClick(button);
    await expect(page.getByText(flow.done).first()).toBeVisible();
    expect(calls.n).toBe(1);
  });
}

test('rename, move and publish: a double click, or Enter pressed twice, sends one request', async ({
  page,
  scenario,
}) => {
  await doubleClickStep(page, scenario, 'rename');

  await test.step('Enter pressed twice in a form sends one request', async () => {
    // The device as Prism answers it by default (the step before chose an example).
    await scenario.prefer({ 'GET /device/{deviceId}': '' });
    const calls = count(page, 'PATCH', `/device/${failing.id}/rename`);
    await page.goto(`/device/${failing.id}/rename`);
    const input = page.getByRole('textbox', { name: 'Device name' });
    await input.fill('Renamed by keyboard');
    await input.evaluate((element: HTMLInputElement) => {
      element.form?.requestSubmit();
      element.form?.requestSubmit();
    });
    await expect(page.getByText('Device renamed!')).toBeVisible();
    expect(calls.n).toBe(1);
  });

  await doubleClickStep(page, scenario, 'move');
  await doubleClickStep(page, scenario, 'publish');
});

test('remove, unpublish and invite: a double click sends one request; a remove answered 404 counts as done', async ({
  page,
  scenario,
}) => {
  await doubleClickStep(page, scenario, 'remove');
  await doubleClickStep(page, scenario, 'unpublish');
  await doubleClickStep(page, scenario, 'invite');

  await test.step('a remove answered 404 (already gone) counts as done', async () => {
    // The device as Prism answers it by default (the steps before chose an example).
    await scenario.prefer({ 'GET /device/{deviceId}': '' });
    await scenario.prefer({ 'DELETE /team/{teamId}/device': 'code=404' });
    await page.goto(`/device/${failing.id}`);
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Device removed!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/devices/${engineering.id}$`));
  });
});
