import { createHmac, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 32: the e-mail choices on the preferences page (/notifications?tab=preferences), saved
 * with the same PATCH as SPEC's five, and the page a mail's unsubscribe link opens.
 */
const PASSWORD = 'Cinematography-42';
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/email-preferences';

async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/csrf-token');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function register(request: APIRequestContext): Promise<{ id: number }> {
  const username = `eml${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const token = await csrfToken(request);
  const response = await request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: PASSWORD, _csrf: token },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
}

/**
 * An unsubscribe link as the server signs it (unsubscribe-token.ts), with the session secret the
 * test server keeps in its data directory (playwright.config.ts: one per port, no SESSION_SECRET).
 */
function unsubscribeToken(userId: number, category: string): string {
  const port = process.env.E2E_PORT ?? '4173';
  const secret =
    process.env.SESSION_SECRET ?? readFileSync(`./data/e2e-${port}/session-secret`, 'utf8').trim();
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'crewbase/email-unsubscribe/v1', 32));
  const mac = createHmac('sha256', key).update(`unsubscribe|v1|${userId}|${category}`).digest('base64url');
  return `v1.${userId}.${category}.${mac}`;
}

const emailForm = (page: Page) => page.getByRole('form', { name: 'E-mail', exact: true });

test('e-mail switches: saved with the same PATCH, kept after a reload, keyboard usable', async ({
  page,
  axe,
}) => {
  await register(page.request);
  await page.goto('/notifications?tab=preferences');
  const form = emailForm(page);
  for (const label of ['Bookings and holds', 'Messages', 'Teams', 'Reviews and your profile', 'Payments']) {
    await expect(form.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
  }
  await expect(form.getByRole('checkbox', { name: 'Product news' })).not.toBeChecked();
  const digest = form.getByRole('checkbox', { name: 'Send one daily digest instead of separate e-mails' });
  await expect(digest).not.toBeChecked();
  // A fresh account has not confirmed its address: the page says e-mail waits for that, and where.
  await expect(form.getByText('Your address is not confirmed yet')).toBeVisible();
  await expect(form.getByRole('link', { name: 'Confirm it on your account page' })).toHaveAttribute(
    'href',
    '/account',
  );
  // SPEC's form is still its own, with its five switches.
  await expect(
    page.getByRole('form', { name: 'Notification preferences' }).getByRole('checkbox', { name: 'Messages' }),
  ).toBeChecked();
  const save = form.getByRole('button', { name: 'Save e-mail preferences' });
  await expect(save).toBeDisabled();
  await axe.expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  // From the top: a full-page shot taken scrolled would paint the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/preferences-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/preferences-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // By keyboard: Space on a focused switch toggles it.
  await form.getByRole('checkbox', { name: 'Product news' }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: 'Product news' })).toBeChecked();
  await form.getByRole('checkbox', { name: 'Messages', exact: true }).click();
  await digest.click();
  await expect(form.getByText('You have unsaved changes.')).toBeVisible();

  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().endsWith('/api/notifications/preferences'),
  );
  await save.click();
  const response = await saved;
  expect(response.status()).toBe(200);
  // Only the nine e-mail keys (SPEC's five are another form's), beside the client's CSRF field.
  const { _csrf, ...sent } = response.request().postDataJSON() as Record<string, unknown>;
  expect(sent).toEqual({
    email_booking_notifications: true,
    email_message_notifications: false,
    email_team_notifications: true,
    email_review_notifications: true,
    email_payment_notifications: true,
    email_saved_search_notifications: true,
    email_call_match_notifications: true,
    email_product_news: true,
    email_daily_digest: true,
  });
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(emailForm(page).getByRole('checkbox', { name: 'Messages', exact: true })).not.toBeChecked();
  await expect(emailForm(page).getByRole('checkbox', { name: 'Product news' })).toBeChecked();
  await expect(emailForm(page).getByRole('checkbox', { name: /daily digest/ })).toBeChecked();
  await expect(emailForm(page).getByRole('checkbox', { name: 'Teams' })).toBeChecked();
  const stored = (await (await page.request.get('/api/notifications/preferences')).json()) as Record<
    string,
    boolean
  >;
  expect(stored).toMatchObject({ email_message_notifications: false, message_notifications: true });
});

test('an unsubscribe link turns that mail off, says which, and offers it back', async ({
  page,
  browser,
  axe,
}) => {
  const member = await register(page.request);
  const token = unsubscribeToken(member.id, 'bookings');
  // The link is opened from a mail: in a browser that is not signed in.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  try {
    await visitor.goto(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(visitor.getByText('You will no longer get e-mails about bookings and holds.')).toBeVisible();
    await expect(
      visitor.getByRole('link', { name: 'See all your notification preferences' }),
    ).toHaveAttribute('href', '/notifications?tab=preferences');
    await axe.expectNoSeriousA11yViolations(visitor);
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await visitor.screenshot({ path: `${SHOTS}/unsubscribed-1280.png`, fullPage: true });
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.screenshot({ path: `${SHOTS}/unsubscribed-390.png`, fullPage: true });

    const off = (await (await page.request.get('/api/notifications/preferences')).json()) as Record<
      string,
      boolean
    >;
    expect(off.email_booking_notifications).toBe(false);

    await visitor.getByRole('button', { name: 'Turn e-mails about bookings and holds back on' }).click();
    await expect(visitor.getByRole('heading', { name: 'E-mails are back on' })).toBeVisible();
    const on = (await (await page.request.get('/api/notifications/preferences')).json()) as Record<
      string,
      boolean
    >;
    expect(on.email_booking_notifications).toBe(true);

    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    await visitor.goto(`/api/email/unsubscribe?token=${encodeURIComponent(altered)}`);
    await expect(visitor.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await axe.expectNoSeriousA11yViolations(visitor);
  } finally {
    await context.close();
  }
});
