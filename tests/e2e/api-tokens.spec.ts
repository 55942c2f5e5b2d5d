import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { csrf } from './members.ts';

/** Issue 37: a member makes a personal access token on /account, uses it from a script, revokes it. */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/api-tokens';

test('a member creates an API token on /account, copies it, uses it, and revokes it', async ({
  page,
  axe,
  baseURL,
}) => {
  test.slow();
  const username = `pat${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const token = await csrf(page.request);
  const registered = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/account#api-tokens');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('You have no access tokens.')).toBeVisible();
  await section.getByLabel('Token name').fill('Scheduling sync');
  await section.getByRole('radio', { name: /Read and write/ }).check();
  await section.getByLabel('Expires after').selectOption('30');
  await section.getByRole('button', { name: 'Create token' }).click();

  const shown = section.getByRole('status');
  await expect(shown).toContainText('you will not be able to see it again');
  const secret = (await shown.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^cb_pat_[A-Za-z0-9_-]{43}$/);
  // The form is fresh for the next token.
  await expect(section.getByLabel('Token name')).toHaveValue('');
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const list = section.getByRole('list', { name: 'Access tokens' });
  await expect(list.getByText('Scheduling sync')).toBeVisible();
  await expect(list.getByText('Read and write')).toBeVisible();
  await expect(list.getByText('Never used')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/api-tokens-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/api-tokens-390.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A script: no cookie, no CSRF token, only the bearer token.
  const script = await playwrightRequest.newContext({ baseURL });
  const me = await script.get('/api/auth/me', { headers: { Authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { id: number }).id).toBe(id);
  const edit = await script.patch(`/api/users/${id}`, {
    headers: { Authorization: `Bearer ${secret}` },
    data: { bio: 'Updated by my scheduling sync.' },
  });
  expect(edit.status()).toBe(200);

  // The list shows the use once reloaded.
  await page.reload();
  await expect(list.getByText(/Last used/)).toBeVisible();

  await list.getByRole('button', { name: 'Revoke Scheduling sync' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expect(dialog).toContainText('Scheduling sync');
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(section.getByText('You have no access tokens.')).toBeVisible();

  const after = await script.get('/api/auth/me', { headers: { Authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
  await script.dispose();
});
