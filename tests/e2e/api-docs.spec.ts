import { expect, test } from '@playwright/test';

/** The API reference (issue 37): reached from the footer, rendered by Scalar under its own CSP. */
test.describe('API docs', () => {
  test("the footer's API link opens the reference, which renders under the page's CSP", async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'API', exact: true }).click();
    await expect(page).toHaveURL(/\/api\/docs\/$/);
    await expect(page).toHaveTitle('CrewBase API');
    // Scalar's 5 MB bundle takes a while to start on a loaded machine; a guard, not a measure.
    await expect(page.getByRole('heading', { name: 'CrewBase API', level: 1 })).toBeVisible({
      timeout: 45_000,
    });
    // The tags and operations come from /api/openapi.json.
    await expect(page.getByText('Sign-in and security').first()).toBeVisible();
    await expect(page.getByText('Get a CSRF token for the next writes').first()).toBeVisible();
    // Scalar tries `eval` once (its request-scripting feature); the reference works without it, so
    // the page's CSP keeps refusing it (ADR 035). Nothing else may be refused.
    expect(violations.filter((violation) => !/script-src eval$/.test(violation))).toEqual([]);
  });
});
