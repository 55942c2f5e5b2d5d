import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

declare global {
  interface Window {
    __darkBeforeApp?: boolean;
  }
}

const html = (page: Page) => page.locator('html');
const themeButton = (page: Page) => page.getByRole('button', { name: /^Theme:/ });
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

async function chooseTheme(page: Page, option: 'Light' | 'Dark' | 'System') {
  await themeButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitemradio', { name: option }).click();
  await expect(menu).toBeHidden();
}

test.describe('Theme', () => {
  test('choosing Dark applies and stores it, and it is applied before the app starts on reload', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expect(themeButton(page)).toHaveAccessibleName('Theme: system');

    await chooseTheme(page, 'Dark');
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(themeButton(page)).toHaveAccessibleName('Theme: dark');
    expect(await storedTheme(page)).toBe('dark');

    // Record the <html> class when <body> is first parsed: after the blocking /theme-init.js in <head>
    // and before the deferred app bundle runs, i.e. what the first paint sees.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.body) return;
        window.__darkBeforeApp = document.documentElement.classList.contains('dark');
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => window.__darkBeforeApp)).toBe(true);
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(html(page)).toHaveCSS('color-scheme', 'dark');
    await expect(themeButton(page)).toHaveAccessibleName('Theme: dark');
  });

  test('choosing System follows the light OS setting, and keeps following it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await chooseTheme(page, 'Dark');
    await expect(html(page)).toHaveClass(/\bdark\b/);

    await chooseTheme(page, 'System');
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expect(themeButton(page)).toHaveAccessibleName('Theme: system');
    expect(await storedTheme(page)).toBe('system');

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
  });

  test('dark mode has no serious accessibility violations', async ({ page, axe }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('region', { name: 'Featured roles' }).getByRole('link')).toHaveCount(8);
    await axe.expectNoSeriousA11yViolations(page);
  });
});
