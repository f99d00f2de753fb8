import { test, expect } from './fixtures';

/**
 * The canary of the CSP guard: every e2e test fails on a Content-Security-Policy violation (the
 * fixture listens for `securitypolicyviolation` and collects `[csp violation] …` lines), which
 * proves something only if the guard can fire. An inline script injected into the app's page
 * must be refused by the production policy `vite preview` sends, and caught by the guard.
 */
test('an injected inline script is refused by the CSP and caught by the guard', async ({
  page,
  guards,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();

  const violation = await page.evaluate(
    () =>
      new Promise<{ directive: string; blocked: string }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => resolve({ directive: event.effectiveDirective, blocked: event.blockedURI }),
          { once: true },
        );
        const script = document.createElement('script');
        script.textContent = 'window.__cspCanaryRan = true;';
        document.body.append(script);
      }),
  );
  expect(violation).toEqual({ directive: 'script-src-elem', blocked: 'inline' });
  const ran = await page.evaluate(() => '__cspCanaryRan' in window);
  expect(ran, 'the injected script ran').toBe(false);

  // The guard saw it (it reports through the console, so wait for the line to arrive).
  await expect.poll(() => guards.cspViolations).toEqual(['[csp violation] script-src-elem inline']);
  // Expected here: the fixture's own check after the test must not fail on the canary.
  guards.cspViolations.length = 0;
});
