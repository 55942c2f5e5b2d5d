import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** A demo crew member with roles (every demo crew member has some), as in profile.spec.ts. */
const DEMO_CREW_ID = 10;
const PASSWORD = 'Cinematography-42';
const VISITOR_ACTIONS = ['Book or hold', 'Message', 'Invite to team'] as const;

/** Errors the page logs, hydration mismatches among them; a visitor's 401 session check is expected. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  const expected = /^(Service worker registration failed|Failed to load resource: .* 401)/;
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const header = (page: Page) => page.locator('section[aria-labelledby="profile-name"]');

test.describe('A visitor on a profile (issue 31)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the server renders the visitor actions, and the page hydrates without errors', async ({ page }) => {
    const html = await (await page.request.get(`/profile/${DEMO_CREW_ID}`)).text();
    for (const action of VISITOR_ACTIONS) expect(html).toContain(action);

    const errors = collectErrors(page);
    // The fixture's goto waits until the app has hydrated the server-rendered page (data-app-ready).
    await page.goto(`/profile/${DEMO_CREW_ID}`);
    for (const action of VISITOR_ACTIONS)
      await expect(header(page).getByRole('button', { name: action })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('"Book or hold" asks a visitor to sign up, then leaves them on the same profile as a member', async ({
    page,
  }) => {
    test.slow();
    await page.goto(`/profile/${DEMO_CREW_ID}`);
    await header(page).getByRole('button', { name: 'Book or hold' }).click();

    const register = page.getByRole('dialog', { name: 'Join CrewBase' });
    const username = `visit${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Email').fill(`sam.okafor.${username}@example.com`);
    await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await register.getByLabel('Confirm password').fill(PASSWORD);
    await register.getByRole('button', { name: 'Create account' }).click();

    // SPEC §2: the setup dialog opens; its Basic step asks for a name and a photo too.
    const setup = page.getByRole('dialog', { name: 'Set up your profile' });
    await expect(register).toBeHidden();
    await expect(setup.getByLabel('Display name')).toBeVisible();
    await expect(setup.getByText('Until you set one, others see you as “Sam O.”.')).toBeVisible();
    await expect(setup.getByText('Upload photo')).toBeVisible();
    await setup.getByRole('button', { name: 'Skip for now' }).click();
    await expect(setup).toBeHidden();

    // Back on the same profile, now with a member's actions.
    await expect(page).toHaveURL(new RegExp(`/profile/${DEMO_CREW_ID}$`));
    await expect(header(page).getByRole('button', { name: 'Book', exact: true })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Book or hold' })).toHaveCount(0);
  });
});
