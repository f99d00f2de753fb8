import { test, expect, expectAccessible, STORY_NOW } from './fixtures';
import type { Schemas } from './contract-examples';
import { OPENAPI_HASH } from '../../generated/openapi-hash';

/** An IT provider's account: 5,000 teams. */
const teams: Schemas['TeamSummary'][] = Array.from({ length: 5000 }, (_, i) => ({
  id: `7e000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  name: `Team ${String(i + 1).padStart(4, '0')}`,
  deviceCount: i % 7,
}));

test('5,000 teams: the switcher lists a few at once and finds any by typing, by mouse and by keyboard', async ({
  page,
  scenario,
}) => {
  await page.clock.setFixedTime(STORY_NOW);
  await page.route('**/api/v1/teams', (route) =>
    route.fulfill({ json: teams, headers: { 'openapi-hash': OPENAPI_HASH } }),
  );
  await scenario.signIn({ activeTeamId: teams[0]!.id });
  await page.goto(`/devices/${teams[0]!.id}`);
  const team = page.getByRole('combobox', { name: 'Team' });
  await expect(team).toHaveValue('Team 0001');

  await test.step('opened, it lists a few teams, not 5,000', async () => {
    await team.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(50);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
  });

  await test.step('typing finds a team far down the list; a click switches to it', async () => {
    await team.fill('Team 4321');
    await page.getByRole('option', { name: 'Team 4321' }).click();
    await expect(page).toHaveURL(`/devices/${teams[4320]!.id}`);
    await expect(team).toHaveValue('Team 4321');
  });

  await test.step('by keyboard: type, the first match is highlighted, Enter switches', async () => {
    await team.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Team 0777');
    const match = page.getByRole('option', { name: 'Team 0777' });
    await expect(match).toBeVisible();
    await expect(team).toHaveAttribute('aria-activedescendant', (await match.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/devices/${teams[776]!.id}`);
  });
});
