import { test, expect, expectAccessible } from './fixtures';

/**
 * The canary of the accessibility check every screen's test runs (`expectAccessible`): it proves
 * something only if it can fail. A button without a name and an image without a text alternative
 * put into the app's page must fail it, naming the rules; the same page without them passes.
 */
test('a nameless button and an image without alt text fail the accessibility check', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'nameless-button';
    const image = document.createElement('img');
    image.id = 'image-without-alt';
    image.src = '/favicon.svg';
    document.querySelector('main')?.append(button, image);
  });
  const failure = await expectAccessible(page).then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('#nameless-button');
  expect(failure).toContain('image-alt');
  expect(failure).toContain('#image-without-alt');
});
