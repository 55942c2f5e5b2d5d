import { expect, test } from '@playwright/test';

/** The production build must run under the server's CSP without a single violation. */
test.describe('Content-Security-Policy', () => {
  for (const path of ['/', '/browse?role=13', '/about', '/search?q=gaffer']) {
    test(`${path} loads with no CSP violation`, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The theme script ran (a class decision was made) without inline script.
      await expect(page.locator('html')).toHaveAttribute('style', /color-scheme/);
      expect(violations).toEqual([]);
    });
  }
});
