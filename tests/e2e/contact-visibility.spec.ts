import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { csrf } from './members.ts';

/** Issue 33, ADR 027: contact details are for signed-in members unless the owner says otherwise. */
const PASSWORD = 'Cinematography-42';
const PHONE = '+1 404 555 0142';

/** A new member signed in, in a browser context of its own. */
async function newMember(browser: Browser): Promise<{ page: Page; id: number; username: string }> {
  const page = await (await browser.newContext()).newPage();
  const username = `cv${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const token = await csrf(page.request);
  const res = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: PASSWORD, _csrf: token },
  });
  expect(res.status()).toBe(201);
  return { page, id: ((await res.json()) as { id: number }).id, username };
}

const toastRegion = (page: Page) =>
  page.getByRole('region', { name: /^Status messages/, includeHidden: true });

test('the owner sets a phone for members: visitors and the server-rendered page never see it, members do', async ({
  browser,
  page,
  axe,
}) => {
  test.slow();
  const owner = await newMember(browser);
  await owner.page.goto('/profile/edit');
  const basics = owner.page.getByRole('region', { name: 'Basics' });
  const who = basics.getByLabel('Who can see your contact details');
  // Not public by default.
  await expect(who).toHaveValue('members');
  await expect(basics.getByText('Only members signed in to CrewBase see them.')).toBeVisible();
  await basics.getByLabel('Contact info').fill(PHONE);
  await basics.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastRegion(owner.page).getByText('Profile updated', { exact: true })).toBeVisible();
  await axe.expectNoSeriousA11yViolations(owner.page);

  // A visitor (this test's own page has no session): not in the app, the API or the page's HTML.
  await page.goto(`/profile/${owner.id}`);
  await expect(page.getByRole('region', { name: owner.username })).toBeVisible();
  await expect(page.getByText(PHONE)).toHaveCount(0);
  const served = await page.request.get(`/profile/${owner.id}`);
  expect(served.status()).toBe(200);
  expect(await served.text()).not.toContain('555 0142');
  expect(await (await page.request.get(`/api/users/${owner.id}`)).json()).not.toHaveProperty('contactInfo');

  // Another member sees it.
  const reader = await newMember(browser);
  await reader.page.goto(`/profile/${owner.id}`);
  await expect(reader.page.getByText(PHONE)).toBeVisible();
});

test('the select widens the contact to everyone and narrows it to connections', async ({ browser, page }) => {
  test.slow();
  const owner = await newMember(browser);
  const reader = await newMember(browser);
  await owner.page.goto('/profile/edit');
  const basics = owner.page.getByRole('region', { name: 'Basics' });
  const who = basics.getByLabel('Who can see your contact details');
  await basics.getByLabel('Contact info').fill(PHONE);

  // Public: the visitor sees it too.
  await who.selectOption({ label: 'Everyone' });
  await expect(
    basics.getByText('Anyone who opens your profile sees them, search engines too.'),
  ).toBeVisible();
  await basics.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastRegion(owner.page).getByText('Profile updated', { exact: true })).toBeVisible();
  await page.goto(`/profile/${owner.id}`);
  await expect(page.getByText(PHONE)).toBeVisible();

  // Narrowed to connections, even the other member no longer does.
  await owner.page.reload();
  await who.selectOption({ label: 'Your connections' });
  await basics.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastRegion(owner.page).getByText('Profile updated', { exact: true })).toBeVisible();
  await reader.page.goto(`/profile/${owner.id}`);
  await expect(reader.page.getByRole('region', { name: owner.username })).toBeVisible();
  await expect(reader.page.getByText(PHONE)).toHaveCount(0);
  await owner.page.reload();
  await expect(who).toHaveValue('connections');
});

test('/auth shows no social sign-in buttons on a server with no provider configured', async ({ page }) => {
  const providers = await (await page.request.get('/api/auth/providers')).json();
  expect(providers).toEqual({ providers: [] });
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Log in to CrewBase' })).toBeVisible();
  await expect(page.getByText('Or continue with')).toHaveCount(0);
  for (const name of ['Google', 'Facebook', 'Twitter'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('main').getByLabel('Confirm password')).toBeVisible();
  await expect(page.getByText('Or continue with')).toHaveCount(0);
  // Nor does the page the server renders.
  const html = await (await page.request.get('/auth')).text();
  expect(html).not.toContain('Or continue with');
});
