import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';
import { DEVICE_CSV_COLUMNS } from '../../src/lib/csv';

type Team = Schemas['TeamSummary'];
type DeviceList = Schemas['DeviceList'];

const engineering = example<Team>('getTeam', 'engineering');
const screenPage = example<DeviceList>('listTeamDevices', 'engineering');
const exportPage = example<DeviceList>('listTeamDevices', 'exportPage');
const listPath = `/devices/${engineering.id}`;
const devicesPath = `/api/v1/team/${engineering.id}/devices`;

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

async function readDownload(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

/** Export pages the app asked for: page numbers and the page size. */
function trackExportRequests(page: Page) {
  const pages: number[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === devicesPath && url.searchParams.get('pageSize') === '100') {
      pages.push(Number(url.searchParams.get('page')));
    }
  });
  return pages;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(STORY_NOW);
});

test('an export to the end: every record neutralised and quoted, a repeated device once, 1,000 devices 4 pages at a time', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();

  await test.step('exports every page: header, one record per device, neutralised and quoted cells', async () => {
    const requested = trackExportRequests(page);
    await page.goto(listPath);
    await expect(page.getByTestId('device-row').first()).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(
      `devices-${engineering.name}-${STORY_NOW.slice(0, 10)}.csv`,
    );

    const text = await readDownload(download);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const csv = text.slice(1);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual([...DEVICE_CSV_COLUMNS]);
    expect([...header!].sort()).toEqual(Object.keys(screenPage.devices[0]!).sort());
    // Prism serves the same 20-device example for every page of 100: that short first page is the
    // last one (ceil(total / 100) pages at most, a short page ends the export).
    expect(rows).toHaveLength(Math.min(screenPage.devices.length, screenPage.total));
    expect(requested).toEqual([1]);

    const name = header!.indexOf('deviceName');
    const formula = screenPage.devices.find((d) => String(d.deviceName).startsWith('='))!;
    const comma = screenPage.devices.find((d) => String(d.deviceName).includes(','))!;
    expect(formula).toBeDefined();
    expect(comma).toBeDefined();
    // Neutralised: the cell starts with a quote, never with "=".
    expect(rows.map((r) => r[name])).toContain(`'${String(formula.deviceName)}`);
    expect(rows.some((r) => r.some((cell) => /^[=+\-@]/.test(cell)))).toBe(false);
    expect(csv).toContain(`"'${String(formula.deviceName).replaceAll('"', '""')}"`);
    // Quoted: the comma stays inside one field.
    expect(csv).toContain(`"${String(comma.deviceName).replaceAll('"', '""')}"`);
    expect(rows.map((r) => r[name])).toContain(String(comma.deviceName));
    expect(rows.every((r) => r.length === header!.length)).toBe(true);

    await expect(page.getByText(`Exported ${rows.length} devices.`)).toBeVisible();
  });

  // Each step below loads the list again: an export that ran leaves its message (and its pages).
  await test.step('a device the server repeats across pages is written once', async () => {
    // Prism sends the same 100 devices for each of the 10 pages the total asks for.
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=exportPage' });
    const requested = trackExportRequests(page);
    await page.goto(listPath);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    const title = page.getByRole('heading', { level: 1, name: 'Devices' });
    const before = await title.boundingBox();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [header, ...rows] = parseCsv((await readDownload(await downloading)).slice(1));
    const ids = rows.map((r) => r[header!.indexOf('id')]);
    // The status line's arrival moves nothing: the page title stays where it was.
    await expect(page.getByText(/^Exported \d+ devices\.$/)).toBeVisible();
    expect((await title.boundingBox())?.y).toBe(before?.y);
    expect([...requested].sort((a, b) => a - b)).toEqual(
      Array.from({ length: exportPage.pageCount }, (_, i) => i + 1),
    );
    expect(ids).toEqual(exportPage.devices.map((d) => d.id));
    await expect(page.getByText(`Exported ${exportPage.devices.length} devices.`)).toBeVisible();
  });

  await test.step('1,000 devices: 10 pages of 100, at most 4 at a time, with progress', async () => {
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=exportPage' });
    await page.goto(listPath);
    await expect(page.getByTestId('device-row').first()).toBeVisible();

    let inFlight = 0;
    let peak = 0;
    const order: number[] = [];
    await page.route(`**${devicesPath}?**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('pageSize') !== '100') return route.fallback();
      order.push(Number(url.searchParams.get('page')));
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 150));
      try {
        // Prism answers every page with the same example; each page's devices get ids of their own
        // (the page number in the id's third group) so that 1,000 distinct devices come back.
        const page = Number(url.searchParams.get('page'));
        // The example for route.fetch() named here (a request's own Prefer wins over the scenario's).
        const response = await route.fetch({
          headers: { ...route.request().headers(), prefer: 'example=exportPage' },
        });
        const body = (await response.json()) as DeviceList;
        await route.fulfill({
          response,
          json: {
            ...body,
            devices: body.devices.map((d) => ({
              ...d,
              id: d.id.replace(/-4000-/, `-4${page.toString(16).padStart(3, '0')}-`),
            })),
          },
        });
      } finally {
        inFlight -= 1;
      }
    });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(
      page.getByText(new RegExp(`Exporting: \\d+ of ${exportPage.pageCount} pages`)),
    ).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
    const [header, ...rows] = parseCsv((await readDownload(await downloading)).slice(1));
    expect(header).toHaveLength(DEVICE_CSV_COLUMNS.length);
    expect(rows).toHaveLength(exportPage.devices.length * exportPage.pageCount);
    expect(order[0]).toBe(1);
    expect([...order].sort((a, b) => a - b)).toEqual(
      Array.from({ length: exportPage.pageCount }, (_, i) => i + 1),
    );
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(4);
    await expect(page.getByText(`Exported ${rows.length} devices.`)).toBeVisible();
  });
});

test('an export that stops: Cancel without an error or a file, a failing page with the catalogue message', async ({
  page,
  scenario,
}) => {
  await scenario.signIn();

  await test.step('Cancel stops the export without an error and without a file', async () => {
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=exportPage' });
    await page.goto(listPath);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    // Pages after the first never answer until cancelled.
    await page.route(`**${devicesPath}?**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('pageSize') === '100' && url.searchParams.get('page') !== '1')
        return;
      await route.fallback();
    });
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText(`Exporting: 1 of ${exportPage.pageCount} pages`)).toBeVisible();
    // Cancelling aborts the page request that never answers; after that, no error and no file.
    const aborted = page.waitForEvent('requestfailed', (request) =>
      new URL(request.url()).pathname.endsWith('/devices'),
    );
    await page.getByRole('button', { name: 'Cancel export' }).click();
    await aborted;
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    await expect(page.getByRole('progressbar', { name: 'Export progress' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(downloaded).toBe(false);
    // The pages that never answer, no longer held back for the next step.
    await page.unroute(`**${devicesPath}?**`);
  });

  await test.step('a failing page shows the catalogue message', async () => {
    await scenario.prefer({ 'GET /team/{teamId}/devices': 'example=exportPage' });
    await page.goto(listPath);
    await expect(page.getByTestId('device-row').first()).toBeVisible();
    await page.route(`**${devicesPath}?**`, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (url.searchParams.get('pageSize') === '100' && url.searchParams.get('page') === '3') {
        // The contract's own 500 answer (a request's own Prefer wins over the scenario's).
        const response = await route.fetch({
          headers: { ...request.headers(), prefer: 'code=500' },
        });
        return route.fulfill({ response });
      }
      return route.fallback();
    });
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByRole('alert')).toHaveText('Export failed: Internal server error.');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(downloaded).toBe(false);
  });
});
