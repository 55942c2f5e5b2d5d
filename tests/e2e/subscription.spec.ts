import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Premium (issue 16) through the built-in demo checkout: no Stripe keys on the test server, so the
 * whole paid path runs as a newcomer would try it locally.
 */
async function registerFreeMember(request: APIRequestContext): Promise<{ id: number; username: string }> {
  const username = `prem${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { csrfToken } = (await (await request.get('/api/csrf-token')).json()) as { csrfToken: string };
  const response = await request.post('/api/register', {
    headers: { 'CSRF-Token': csrfToken },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: csrfToken },
  });
  expect(response.status()).toBe(201);
  return { ...((await response.json()) as { id: number }), username };
}

const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

async function badgeInMenu(page: Page) {
  await accountMenu(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test('a free member upgrades through the demo checkout and is Premium at once: badge, filters, invoice, cancel, resume', async ({
  page,
  axe,
}) => {
  test.slow();
  await registerFreeMember(page.request);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'CrewBase Premium' })).toBeVisible();
  const membership = page.getByRole('region', { name: /Your membership/ });
  await expect(membership.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByText('no money moves')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Premium, monthly' })).toContainText('$19.00');
  await expect(page.getByRole('region', { name: 'Premium, yearly' })).toContainText('$190.00');
  await expect(page.getByRole('region', { name: 'Premium, yearly' })).toContainText('Save $38.00');
  await expect(page.getByText('No payments yet')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);

  let menu = await badgeInMenu(page);
  await expect(menu.getByText('Free', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Choose monthly' }).click();
  await expect(page).toHaveURL(/\/subscription\/demo-checkout\?session=demo_/);
  await expect(page.getByRole('note')).toContainText('no money moves and no card is needed');
  await expect(page.getByText('Total today')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Complete demo payment' }).click();

  await expect(page).toHaveURL('/subscription/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  // No reload: the menu's badge and the Premium links follow the server at once.
  menu = await badgeInMenu(page);
  await expect(menu.getByText('Premium', { exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Connections' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Messages' })).toBeVisible();

  // The advanced search filters are unlocked.
  await page.getByRole('link', { name: 'Search with advanced filters' }).click();
  const advanced = page.getByRole('region', { name: 'Advanced filters' });
  await expect(advanced.getByLabel('Minimum rating')).toBeEnabled();
  await expect(advanced.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);

  // The payment and its PDF invoice.
  await page.goto('/subscription');
  await expect(page.getByTestId('membership-line')).toContainText('Premium, monthly. Renews on');
  const payments = page.getByRole('list', { name: 'Payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments).toContainText('$19.00');
  const download = payments.getByRole('link', { name: 'Download Invoice' });
  const href = await download.getAttribute('href');
  const invoice = await page.request.get(href ?? '');
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^invoice-\d+\.pdf$/);

  await payments.getByRole('link', { name: 'CrewBase Premium, monthly' }).click();
  await expect(page).toHaveURL(/\/payments\/\d+$/);
  await expect(page.getByText('$19.00').first()).toBeVisible();
  await expect(page.getByText('Demo checkout (no money moved)')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);

  // Cancel: still Premium until the period ends; then resume.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel Premium?' })
    .getByRole('button', { name: 'Cancel subscription' })
    .click();
  await expect(page.getByTestId('membership-line')).toContainText('Cancels on');
  menu = await badgeInMenu(page);
  await expect(menu.getByText('Premium', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByTestId('membership-line')).toContainText('Renews on');
});

test('the checkout pages say clearly what happened, and a used or unknown checkout is not a dead end', async ({
  page,
}) => {
  await registerFreeMember(page.request);
  await page.goto('/subscription/cancel');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeVisible();
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the plans' }).click();
  await expect(page).toHaveURL('/subscription');

  await page.goto('/subscription/demo-checkout?session=demo_unknown');
  await expect(page.getByText('Checkout session not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await page.goto('/payments/999999');
  await expect(page.getByText('Payment not found')).toBeVisible();
});

test('the plans fit a phone, one above the other @phone', async ({ page, axe }) => {
  await registerFreeMember(page.request);
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/subscription');
  const monthly = page.getByRole('region', { name: 'Premium, monthly' });
  const yearly = page.getByRole('region', { name: 'Premium, yearly' });
  await expect(monthly).toBeVisible();
  const [a, b] = [await monthly.boundingBox(), await yearly.boundingBox()];
  expect(a && b && b.y > a.y + a.height - 1).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await axe.expectNoSeriousA11yViolations(page);
});
