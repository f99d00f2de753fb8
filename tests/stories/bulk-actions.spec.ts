import { TEAM, expect, signIn, test } from './fixtures';

test('bulk move shows the devices in the other team’s list and overview counts; bulk remove empties it', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, request, 'story-bulk@example.com');

  // Every Engineering device whose name has "MacBook", selected page by page through the list.
  await page.goto(`/devices/${TEAM.engineering}?search=MacBook`);
  const showing = page.getByTestId('showing-text');
  await expect(showing).toHaveText(/^Showing 1 to \d+ of \d+ entries$/);
  const total = Number(/of (\d+) entries/.exec((await showing.textContent()) ?? '')![1]);
  expect(total).toBeGreaterThan(1);
  const names = await page.getByTestId('device-row').getByRole('link').allTextContents();

  await page.getByRole('checkbox', { name: 'Select all devices on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  const selectAll = bar.getByRole('button', { name: `Select all ${total} matching` });
  // More than one page: every matching device through the list call.
  if (total > names.length) await selectAll.click();
  await expect(bar.getByRole('status')).toHaveText(`All ${total} devices matching are selected.`);

  await bar.getByRole('button', { name: 'Move to team' }).click();
  const dialog = page.getByRole('dialog', { name: `Move ${total} devices` });
  await dialog.getByRole('radio', { name: 'Sales' }).check();
  await dialog.getByRole('button', { name: `Move ${total} devices` }).click();
  // One request per device through the validating proxy: room for a slow machine.
  await expect(page.getByText(`${total} devices moved!`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('No devices match your search.')).toBeVisible();

  // Sales now lists them (after a reload too); Engineering no longer does.
  await page.goto(`/devices/${TEAM.sales}`);
  await expect(showing).toHaveText(`Showing 1 to ${Math.min(total, 20)} of ${total} entries`);
  for (const name of names.slice(0, 3))
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.reload();
  await expect(showing).toHaveText(`Showing 1 to ${Math.min(total, 20)} of ${total} entries`);

  // Remove them all from Sales: the team is empty again.
  await page.getByRole('checkbox', { name: 'Select all devices on this page' }).check();
  if (total > names.length) await selectAll.click();
  await expect(bar.getByRole('status')).toHaveText(`All ${total} devices matching are selected.`);
  await bar.getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: `Remove ${total} devices` });
  await remove.getByRole('button', { name: `Remove ${total} devices` }).click();
  await expect(page.getByText(`${total} devices removed!`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'No devices in Sales yet' })).toBeVisible();
  await page.goto(`/devices/${TEAM.engineering}?search=MacBook`);
  await expect(page.getByText('No devices match your search.')).toBeVisible();
});
