import { devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The 'phone' project already emulates a Pixel 7; pinning the same device here keeps these tests
// meaningful when the 'desktop' project runs them too (it runs every spec).
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu' });
// While the modal panel is open everything behind it is aria-hidden, the menu button included.
const hiddenMenuButton = (page: Page) => page.getByRole('button', { name: 'Open menu', includeHidden: true });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function openMenu(page: Page) {
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await menuButton(page).click();
  await expect(menu(page)).toBeVisible();
  await expect(hiddenMenuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(menuButton(page)).toHaveCount(0);
}

test.describe('Phone layout', () => {
  test('the desktop nav is hidden and the menu panel holds the links and auth buttons @phone', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await openMenu(page);
    const panel = menu(page);
    await expect(panel.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText([
      'Home',
      'Search',
      'Browse Crew',
      'Crew Calls',
      'About',
    ]);
    await expect(panel.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(panel.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Close menu' })).toBeVisible();
  });

  test('Escape closes the menu and gives focus back to the menu button @phone', async ({ page }) => {
    await page.goto('/');
    await openMenu(page);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click on the overlay outside the panel, or on Close, closes the menu @phone', async ({ page }) => {
    await page.goto('/');
    await openMenu(page);
    const panelBox = await menu(page).boundingBox();
    if (!panelBox) throw new Error('The menu panel has no box');
    expect(panelBox.x).toBeGreaterThan(40);
    // Left of the panel (which slides in from the right) there is only the overlay.
    await page.mouse.click(panelBox.x / 2, panelBox.y + panelBox.height / 2);
    await expect(menu(page)).toBeHidden();
    await expect(page).toHaveURL('/');

    await openMenu(page);
    await menu(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(menu(page)).toBeHidden();
  });

  test('a link in the menu navigates and closes the menu @phone', async ({ page }) => {
    await page.goto('/');
    await openMenu(page);
    await menu(page).getByRole('link', { name: 'Browse Crew' }).click();
    await expect(page).toHaveURL('/browse');
    await expect(menu(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Crew' })).toBeVisible();

    await openMenu(page);
    await expect(menu(page).getByRole('link', { name: 'Browse Crew' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await menu(page).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(menu(page)).toBeHidden();
  });

  test('Log In in the menu closes it and asks for the login dialog @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const w = window as Window & { __loginRequests?: number };
      w.__loginRequests = 0;
      window.addEventListener('crewbase:open-login', () => {
        w.__loginRequests = (w.__loginRequests ?? 0) + 1;
      });
    });
    await openMenu(page);
    await menu(page).getByRole('button', { name: 'Log In' }).click();
    await expect(menu(page)).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => (window as Window & { __loginRequests?: number }).__loginRequests))
      .toBe(1);
  });

  test('the home page, and its open menu, have no serious accessibility violations on a phone @phone', async ({
    page,
    axe,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured roles' }).getByRole('link')).toHaveCount(8);
    await axe.expectNoSeriousA11yViolations(page);

    await openMenu(page);
    await axe.expectNoSeriousA11yViolations(page);
  });
});
