import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect as baseExpect, expectAccessible, STORY_NOW } from './fixtures';
import { defaultExample, type Schemas } from './contract-examples';

type Team = Schemas['TeamSummary'];
type Overview = Schemas['TeamOverview'];
type CheckSettings = Schemas['CheckSettings'];

const expect = baseExpect.configure({ timeout: 15_000 });

const engineering = defaultExample<Team[]>('listTeams').find((t) => t.name === 'Engineering')!;
const overview = defaultExample<Overview>('getTeamOverview');
const settings = defaultExample<CheckSettings>('getCheckSettings');
const claimOf = (checkId: string) =>
  settings.claims.find((claim) => claim.checks.some((check) => check.id === checkId))!.claim;

/** RFC 4180 reader for the checks below. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  return records;
}

async function exportReport(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export compliance report' }).click();
  const download = await downloading;
  const text = await readFile(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), text };
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(STORY_NOW);
});

test('laptop: one row per failing required check and device, with its claim, formula-safe, named after the team and the date', async ({
  page,
  scenario,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await scenario.signIn();
  await page.goto(`/overview/${engineering.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering Overview' })).toBeVisible();
  await expect(page.getByTestId('failing-check').first()).toBeVisible();

  // By keyboard: focus the button and press Enter.
  await page.getByRole('button', { name: 'Export compliance report' }).focus();
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`compliance-Engineering-${STORY_NOW.slice(0, 10)}.csv`);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual(['check', 'claim', 'device', 'owner', 'last check']);

  const expected = overview.requiredChecks.flatMap((check) =>
    check.devices.map((d) => [
      check.description,
      claimOf(check.id),
      /^[=+\-@]/.test(d.deviceName) ? `'${d.deviceName}` : d.deviceName,
      d.ownerEmail,
      d.lastCheck ?? '',
    ]),
  );
  expect(expected.length).toBeGreaterThan(0);
  expect(rows).toEqual(expected);
  // The example's hostile name is neutralised: no cell starts a formula.
  expect(rows.some((row) => row[2]!.startsWith("'="))).toBe(true);
  expect(rows.some((row) => row.some((cell) => /^[=+\-@]/.test(cell)))).toBe(false);
  await expect(page.getByText(`Exported ${rows.length} failing check results.`)).toBeVisible();
  await expectAccessible(page);
});

test('phone: the button fits and works; a failure says why and keeps the overview', async ({
  page,
  scenario,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await scenario.signIn();
  let failSettings = true;
  await page.route(`**/api/v1/team/${engineering.id}/settings/checks`, async (route) => {
    if (failSettings) return route.abort('failed');
    return route.fallback();
  });
  await page.goto(`/overview/${engineering.id}`);
  const button = page.getByRole('button', { name: 'Export compliance report' });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  await button.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Export failed:' })).toBeVisible();
  await expect(page.getByTestId('failing-check').first()).toBeVisible();
  await expectAccessible(page);

  failSettings = false;
  const { name, text } = await exportReport(page);
  expect(name).toBe(`compliance-Engineering-${STORY_NOW.slice(0, 10)}.csv`);
  expect(parseCsv(text.slice(1)).length).toBe(
    1 + overview.requiredChecks.reduce((sum, check) => sum + check.devices.length, 0),
  );
});

test('the "Exported N …" line moves nothing on the page, at laptop and phone size', async ({
  page,
  scenario,
}) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.signIn();
  const headings = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('main h1, main h2')]
        .slice(0, 3)
        .map((heading) => heading.getBoundingClientRect().y),
    );
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/overview/${engineering.id}`);
    const button = page.getByRole('button', { name: 'Export compliance report' });
    await expect(button).toBeEnabled();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const before = await headings();
    const downloading = page.waitForEvent('download');
    await button.click();
    await downloading;
    await expect(page.getByText(/^Exported \d+ failing check results?\.$/)).toBeVisible();
    expect(await headings(), `at ${viewport.width} px`).toEqual(before);
  }
});
