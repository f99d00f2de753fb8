import { test, expect, STORY_NOW } from './fixtures';
import { example, type Schemas } from './contract-examples';

// A reader in the US: every screen writes a day the same way, in this reader's locale.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const failing = example<Schemas['Device']>('getDevice', 'failing');
const billing = example<Schemas['Billing']>('getBilling', 'team');
const field = (page: import('@playwright/test').Page, name: string) =>
  page.locator(`[data-field="${name}"] dd`);
const usDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

test('one way to write a day, in the reader’s locale: device details and billing alike', async ({
  page,
  scenario,
}) => {
  await page.clock.setFixedTime(STORY_NOW);
  await scenario.prefer({ 'GET /device/{deviceId}': 'example=failing' });
  await scenario.signIn();
  await page.goto(`/device/${failing.id}`);
  await expect(field(page, 'created')).toHaveText(usDay(failing.created));

  await page.goto('/billing');
  await expect(field(page, 'nextBillDate')).toHaveText(usDay(billing.nextBillDate!));
});
