import { readdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Verified e-mail (issue 29): the banner of an unconfirmed member and its Resend, and the
 * /verify-email page a link opens. The test server has no SMTP_URL, so the outbox worker writes each
 * mail to DATA_DIR/outbox as an .eml file: the links are read from there, as a person reads a mail.
 */
const PASSWORD = 'Clapperboard-42';
const PORT = Number(process.env.E2E_PORT ?? 4173);
const outbox = `./data/e2e-${PORT}/outbox`;

let counter = 0;
async function signUp(page: Page) {
  counter += 1;
  const username = `verify${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${username}@example.com`;
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  const response = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': csrfToken },
    data: { username, email, password: PASSWORD, _csrf: csrfToken },
  });
  expect(response.status()).toBe(201);
  return { username, email };
}

/** The paths (with their token) of every confirmation link mailed to `email` so far, oldest first. */
async function linksMailedTo(email: string): Promise<string[]> {
  const slug = email.replace(/[^a-z0-9]+/gi, '-');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((f) => f.endsWith(`${slug}.eml`))
    .sort();
  const links: string[] = [];
  for (const file of files) {
    // Quoted-printable may wrap long lines with "=\n" and writes "=" as "=3D".
    const raw = (await readFile(`${outbox}/${file}`, 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /https?:\/\/[^/\s]+(\/verify-email\?token=[A-Za-z0-9_%-]+)/.exec(raw);
    if (match?.[1]) links.push(match[1]);
  }
  return links;
}

/** Waits for the outbox worker (it sends every few seconds) to have written `count` links. */
async function waitForLinks(email: string, count: number): Promise<string[]> {
  await expect.poll(async () => (await linksMailedTo(email)).length, { timeout: 30_000 }).toBe(count);
  return linksMailedTo(email);
}

const banner = (page: Page) => page.getByRole('region', { name: 'Confirm your email' });

test.describe('Verified email', () => {
  test('the banner offers Resend until the link is opened, then goes away', async ({ page, axe }) => {
    const { email } = await signUp(page);
    await page.goto('/dashboard');
    await expect(banner(page)).toContainText(`Please confirm your email: open the link we sent to ${email}.`);
    await banner(page).getByRole('button', { name: 'Resend' }).click();
    await expect(banner(page)).toContainText(`We sent a new link to ${email}.`);
    await expect(banner(page).getByRole('button', { name: 'Resend' })).toBeDisabled();
    await axe.expectNoSeriousA11yViolations(page);

    // The sign-up's link and the resent one: the newest works.
    const links = await waitForLinks(email, 2);
    await page.goto(links[1] ?? '');
    await expect(page).toHaveTitle('Confirm your email | CrewBase');
    await expect(page.getByRole('status')).toHaveText(`Your email ${email} is confirmed.`);
    await expect(banner(page)).toHaveCount(0);
    await axe.expectNoSeriousA11yViolations(page);

    // Opened again, the link is used up, and the page says the address is already confirmed.
    await page.goto(links[1] ?? '');
    await expect(page.getByRole('status')).toHaveText(`Your email ${email} is already confirmed.`);

    await page.goto('/account');
    await expect(
      page.getByRole('region', { name: 'Email', exact: true }).getByText('Confirmed', { exact: true }),
    ).toBeVisible();
  });

  test('a link that does not work says why and offers a new one', async ({ page }) => {
    const { email } = await signUp(page);
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText(
      'This link is not valid. Open the link from your email again, or ask for a new one.',
    );
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByText(`We sent a new link to ${email}. It works for 24 hours.`)).toBeVisible();
    await waitForLinks(email, 2);
    await expect(page.getByRole('link', { name: 'Email settings' })).toHaveAttribute(
      'href',
      '/account#email',
    );
  });

  test('opened signed out, the page asks to log in, then confirms', async ({ page }) => {
    const { username, email } = await signUp(page);
    const [link] = await waitForLinks(email, 1);
    await page.context().clearCookies();
    await page.goto(link ?? '');
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.getByLabel('Username or email').fill(username);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(`Your email ${email} is confirmed.`);
  });
});
