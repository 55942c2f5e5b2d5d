import { devices, type Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';

/*
 * Taps made before the app has started are kept and acted on once it has (ADR 030). The app's start
 * script (boot/start.js, which loads the entry) is held back until the test lets it through, so the
 * tap lands on the server-rendered page with no handler of the app's yet.
 */
const test = base.extend({
  // fixtures.ts's page waits for the app after every navigation; these pages are opened before it.
  page: async ({ context }, use) => {
    const page = await context.newPage();
    await use(page);
    await page.close();
  },
});

/** Opens `path` with the app's script held back; the returned function lets it through. */
async function openBeforeTheApp(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Not "load": the held script keeps the page loading.
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

const appReady = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'));
const keptTap = (page: Page) => page.evaluate(() => document.documentElement.dataset.keptTap ?? null);

test.describe('Taps before the app has started', () => {
  test('a tap on the theme button opens the theme menu once the app arrives', async ({ page, axe }) => {
    const release = await openBeforeTheApp(page, '/about');
    const themeButton = page.getByRole('banner').getByRole('button', { name: /^Theme:/ });
    await themeButton.click();
    expect(await appReady(page)).toBe(false);
    expect(await keptTap(page)).toBe('theme');
    await expect(page.getByRole('menu')).toHaveCount(0);

    release();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitemradio')).toHaveText(['Light', 'Dark', 'System']);
    expect(await keptTap(page)).toBeNull();
    // The menu works as usual: a choice applies the theme and closes it.
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await axe.expectNoSeriousA11yViolations(page);
  });

  test('a tap on Log In opens the login dialog once the app arrives', async ({ page }) => {
    const release = await openBeforeTheApp(page, '/about');
    // A visitor's header has Log In and Sign Up from the first paint, not a placeholder.
    const logIn = page.getByRole('banner').getByRole('button', { name: 'Log In' });
    await logIn.click();
    expect(await appReady(page)).toBe(false);
    expect(await keptTap(page)).toBe('log-in');

    release();
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Join CrewBase' })).toHaveCount(0);
  });

  test('a tap elsewhere after the kept one drops it', async ({ page }) => {
    const release = await openBeforeTheApp(page, '/about');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Theme:/ })
      .click();
    expect(await keptTap(page)).toBe('theme');
    await page.getByRole('heading', { level: 1 }).click();
    expect(await keptTap(page)).toBeNull();

    release();
    await expect.poll(() => appReady(page)).toBe(true);
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('a member (from the last visit) sees the account placeholder, not Log In, while the session is checked', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('crewbase-member', '1'));
    const release = await openBeforeTheApp(page, '/about');
    await expect(page.getByTestId('account-loading')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeHidden();
    release();
    // As fixtures.ts waits for the app after a navigation (a loaded machine can take a while).
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, {
      timeout: 30_000,
    });
    // The session check answers "signed out": Log In, and the stale hint is gone.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('crewbase-member'))).toBeNull();
  });
});

test.describe('Taps before the app has started, on a phone', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use({ ...pixel7, viewport: { width: 390, height: 844 } });

  test('a tap on the menu button opens the menu once the app arrives @phone', async ({ page, axe }) => {
    const release = await openBeforeTheApp(page, '/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await appReady(page)).toBe(false);
    expect(await keptTap(page)).toBe('menu');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    release();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(
      menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Log In' })).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });
});
