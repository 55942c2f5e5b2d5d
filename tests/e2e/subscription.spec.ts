import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Premium (issue 16) through the built-in demo checkout: no Stripe keys on the test server, so the
 * whole paid path runs as a newcomer would try it locally.
 */
async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/csrf-token');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function registerFreeMember(request: APIRequestContext): Promise<{ id: number; username: string }> {
  const username = `prem${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const token = await csrfToken(request);
  const response = await request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
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
  const member = await registerFreeMember(page.request);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { level: 1, name: 'CrewBase Premium' })).toBeVisible();
  const membership = page.getByRole('region', { name: /Your membership/ });
  await expect(membership.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByText('no money moves')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Premium, monthly' })).toContainText('$19.00');
  await expect(page.getByRole('region', { name: 'Premium, yearly' })).toContainText('$190.00');
  await expect(page.getByRole('region', { name: 'Premium, yearly' })).toContainText('Save $38.00');
  await expect(page.getByRole('region', { name: 'Both plans include' })).toContainText(
    'Advanced search filters',
  );
  await expect(page.getByText('No payments yet')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);

  let menu = await badgeInMenu(page);
  await expect(menu.getByText('Free', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Choose monthly' }).click();
  await expect(page).toHaveURL(/\/subscription\/demo-checkout\?session=demo_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo checkout' })).toBeVisible();
  const checkoutUrl = page.url();
  await expect(page.getByRole('note')).toContainText('no money moves and no card is needed');
  await expect(page.getByText('Total today')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Complete demo payment' }).click();

  await expect(page).toHaveURL('/subscription/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your profile' })).toHaveAttribute(
    'href',
    `/profile/${member.id}`,
  );
  await expect(page.getByRole('link', { name: 'Membership and invoices' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await axe.expectNoSeriousA11yViolations(page);
  // Back to the checkout it just used: it says so rather than offering to pay again.
  await page.goBack();
  await expect(page.getByText('This checkout has already been completed', { exact: true })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
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

  // The used checkout is not a dead end.
  await page.goto(checkoutUrl);
  await expect(page.getByText('This checkout has already been completed')).toBeVisible();
  await page.getByRole('link', { name: 'See your membership' }).click();

  // The payment and its PDF invoice.
  await expect(page).toHaveURL('/subscription');
  await expect(page.getByTestId('membership-line')).toContainText(
    /^Premium until .+, then renews monthly at \$19\.00\.$/,
  );
  await expect(page.getByRole('heading', { name: 'Choose a plan' })).toHaveCount(0);
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
  await expect(page.getByText(/^Invoice number$/)).toBeVisible();
  await expect(page.getByText('Demo checkout (no money moved)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Invoice' })).toHaveAttribute('href', href ?? '');
  const paymentUrl = page.url();

  // The payment_received notification opens the same page.
  await page.goto('/notifications');
  await page.getByRole('link', { name: 'View Payment' }).first().click();
  await expect(page).toHaveURL(paymentUrl);
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
  await expect(page.getByTestId('membership-line')).toContainText('then renews monthly');
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});

test('the checkout pages say clearly what happened, and a used or unknown checkout is not a dead end', async ({
  page,
  axe,
}) => {
  await registerFreeMember(page.request);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Choose yearly' }).click();
  await expect(page.getByText('$190.00')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL('/subscription/cancel');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeVisible();
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to the plans' }).click();
  await expect(page).toHaveURL('/subscription');
  await expect(page.getByTestId('membership-line')).toContainText('free plan');

  await page.goto('/subscription/demo-checkout?session=demo_unknown');
  await expect(page.getByText('Checkout session not found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await axe.expectNoSeriousA11yViolations(page);

  await page.goto('/payments/999999');
  await expect(page.getByText('Payment not found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your payments' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await axe.expectNoSeriousA11yViolations(page);
  await page.goto('/payments/not-a-number');
  await expect(page.getByText('Payment not found', { exact: true })).toBeVisible();

  // Arriving at the success page without having paid does not claim Premium.
  await page.goto('/subscription/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Premium' })).toHaveCount(0);
});

test('a checkout completed elsewhere while its page is open says so instead of failing', async ({ page }) => {
  await registerFreeMember(page.request);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Choose monthly' }).click();
  await expect(page.getByRole('button', { name: 'Complete demo payment' })).toBeVisible();
  // Another tab finishes the same checkout first.
  const session = new URL(page.url()).searchParams.get('session');
  const token = await csrfToken(page.request);
  const completed = await page.request.post('/api/subscription/demo/complete', {
    headers: { 'CSRF-Token': token },
    data: { session, _csrf: token },
  });
  expect(completed.ok()).toBe(true);

  await page.getByRole('button', { name: 'Complete demo payment' }).click();
  await expect(page.getByText('This checkout has already been completed', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'See your membership' }).click();
  await expect(page.getByTestId('membership-line')).toContainText('Premium until');
  await expect(page.getByRole('list', { name: 'Payments' }).getByRole('listitem')).toHaveCount(1);
});

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the plans and the checkout fit a phone, one card above the other @phone', async ({ page, axe }) => {
  await registerFreeMember(page.request);
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/subscription');
  const monthly = page.getByRole('region', { name: 'Premium, monthly' });
  const yearly = page.getByRole('region', { name: 'Premium, yearly' });
  await expect(monthly).toBeVisible();
  const [a, b] = [await monthly.boundingBox(), await yearly.boundingBox()];
  expect(a && b && b.y > a.y + a.height - 1).toBe(true);
  expect(await fitsWidth(page)).toBe(true);
  await axe.expectNoSeriousA11yViolations(page);

  await yearly.getByRole('button', { name: 'Choose yearly' }).click();
  const pay = page.getByRole('button', { name: 'Complete demo payment' });
  await expect(pay).toBeInViewport();
  await expect(page.getByRole('note')).toContainText('no money moves');
  expect(await fitsWidth(page)).toBe(true);
  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium' })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
});
