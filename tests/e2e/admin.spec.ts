import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures.ts';

/**
 * Trust and safety (issue 20): a member made moderator with `npm run admin` turns on two-factor
 * sign-in, signs in with a code, hides a reported review, and the profile no longer shows it.
 */
const PASSWORD = 'Continuity-Script-42';
const PORT = Number(process.env.E2E_PORT ?? 4173);
const dataDir = `./data/e2e-${PORT}`;

/** The test server's embedded PostgreSQL: port from postmaster.pid, password from its file. */
async function serverDatabaseUrl(): Promise<string> {
  const pid = await readFile(`${dataDir}/postgres/postmaster.pid`, 'utf8');
  const port = pid.split('\n')[3]?.trim();
  const password = (await readFile(`${dataDir}/postgres.password`, 'utf8')).trim();
  return `postgres://crewbase:${encodeURIComponent(password)}@127.0.0.1:${port}/crewbase`;
}

async function csrf(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

async function post(api: APIRequestContext, url: string, data: Record<string, unknown>) {
  const token = await csrf(api);
  return api.post(url, { headers: { 'CSRF-Token': token }, data: { ...data, _csrf: token } });
}

async function register(api: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await post(api, '/api/register', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  expect(response.status()).toBe(201);
  return username;
}

/** A demo crew member with reviews, far from the ones other specs review. */
async function reviewedCrew(api: APIRequestContext) {
  for (let id = 470; id > 300; id--) {
    const reviews = await api.get(`/api/users/${id}/reviews`);
    if (!reviews.ok()) continue;
    const list = (await reviews.json()) as { reviews: { id: number; text: string }[] };
    const first = list.reviews[0];
    if (first) return { subjectId: id, review: first };
  }
  throw new Error('no reviewed demo crew');
}

/** The code of this 30-second step, or of a later one: each code is good once. */
const codeFor = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

async function signIn(page: Page, username: string) {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Log In' });
  await form.getByLabel('Username or email').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
}

test('a moderator enrols two-factor sign-in, signs in with a code and hides a reported review', async ({
  page,
  axe,
  baseURL,
}) => {
  test.slow();
  // A member reports a review of a demo crew member.
  const reporter = await playwrightRequest.newContext({ baseURL });
  await register(reporter, 'rep');
  const { subjectId, review } = await reviewedCrew(reporter);
  expect(
    (
      await post(reporter, `/api/reviews/${review.id}/report`, { reason: 'Insults the whole crew.' })
    ).status(),
  ).toBe(201);
  await reporter.dispose();

  // Another member is made moderator from the command line, which warns about the missing second factor.
  const moderator = await register(await playwrightRequest.newContext({ baseURL }), 'mod');
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/src/admin-cli.ts', '--user', moderator, '--role', 'moderator'],
    { env: { ...process.env, DATABASE_URL: await serverDatabaseUrl(), LOG_LEVEL: 'warn' } },
  );
  expect(stdout).toContain(`${moderator} is now moderator`);
  expect(stderr).toContain('has no second factor yet');

  // Signed in with the password only, the staff page asks for two-factor sign-in first.
  await signIn(page, moderator);
  await expect(page).toHaveURL('/');
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Moderation' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in required' })).toBeVisible();
  await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();

  await expect(page).toHaveURL('/account');
  // Pressed right after the page's own loads: one press is enough even when they filled SPEC's
  // client limiter (10 calls in 2 s), since a write waits for room under that cap.
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(qr).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  // Turning it on takes the current password too: a stolen cookie alone cannot do it.
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactor.getByLabel('Authentication code').fill(codeFor(secret));
  await twoFactor.getByLabel('Current password').fill('not-my-password');
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(twoFactor.getByText('Your current password is not correct')).toBeVisible();
  await twoFactor.getByLabel('Current password').fill(PASSWORD);
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Download codes' })).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: "I've saved them" }).click();
  await expect(page.getByText('Signing in asks for a code from your authenticator app.')).toBeVisible();

  // The session that turned it on has shown no code of its own: staff pages ask for one.
  await page.goto('/admin/moderation');
  await expect(page.getByRole('heading', { name: 'Confirm with your authenticator app' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeVisible();

  // Signing in again takes the password, then a code.
  await page.goto('/api/logout');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
  await signIn(page, moderator);
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');

  // The report is in the queue with the review in context; hiding it takes one click and a reason.
  await page.goto('/admin/moderation');
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: 'Insults the whole crew.' });
  await expect(card.getByText(review.text)).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await card.getByLabel('Reason (kept in the audit trail)').fill('Personal attack');
  await card.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByText('Review hidden').first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Insults the whole crew.' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'Report resolved' }).first()).toBeVisible();

  // The profile no longer shows it.
  await page.goto(`/profile/${subjectId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(review.text)).toHaveCount(0);
});
