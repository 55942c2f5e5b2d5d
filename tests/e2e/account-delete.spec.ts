import { expect, test } from './fixtures.ts';
import { csrf } from './members.ts';

/**
 * Issue 33: "Delete my account" on /account. Signed out, the profile gone at once, and signing in
 * again within the 14 days offers "Restore my account", which brings it all back.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/account-delete';
const PASSWORD = 'Cinematography-42';

test('a member deletes their account from /account, is signed out, and restores it by signing in', async ({
  page,
  axe,
}) => {
  // Many steps, two viewports and five accessibility scans on a shared two-core machine.
  test.setTimeout(180_000);
  const username = `del${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const token = await csrf(page.request);
  const registered = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: PASSWORD, _csrf: token },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  expect((await page.request.get(`/api/users/${id}`)).status()).toBe(200);

  await page.goto('/account#delete');
  const section = page.getByRole('region', { name: 'Delete my account' });
  const open = section.getByRole('button', { name: 'Delete my account' });
  await expect(open).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await axe.expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/danger-zone-1280.png` });

  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await expect(dialog.getByText('For 14 days you can change your mind')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/dialog-1280.png` });
  // Keep my account closes it, and nothing happened.
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/danger-zone-390.png` });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await open.click();
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/dialog-390.png` });

  // A wrong password is refused on its field, by keyboard.
  await dialog.getByLabel('Current password').fill('not-my-password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deleted\?until=/);
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  await expect(page.getByText('Restore my account')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);

  // Signed out, and the profile is gone for everyone.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await page.request.get(`/api/users/${id}`)).status()).toBe(404);
  const profilePage = await page.goto(`/profile/${id}`);
  expect(profilePage?.status()).toBe(404);

  // Signing in again offers to restore it.
  await page.goto('/auth');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'This account is scheduled for deletion' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await axe.expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/restore-offer-390.png` });
  await page.getByRole('button', { name: 'Restore my account' }).click();

  await expect.poll(async () => (await page.request.get('/api/auth/me')).status()).toBe(200);
  await expect(page.getByText('Account restored', { exact: true })).toBeVisible();
  expect((await page.request.get(`/api/users/${id}`)).status()).toBe(200);
});
