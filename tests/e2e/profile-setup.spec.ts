import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const PASSWORD = 'Cinematography-42';
const BIO =
  'Gaffer with ten years on features and commercials. At home with big LED rigs and night exteriors.';

let counter = 0;
function newCredentials() {
  counter += 1;
  const username = `setup${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username, email: `${username}@example.com`, password: PASSWORD };
}

interface PublicProfile {
  bio: string | null;
  location: string | null;
  contactInfo: string | null;
  roles: { name: string }[];
  experiences: { title: string; projectName: string; startDate: string | null; endDate: string | null }[];
  credentials: { title: string; institution: string; year: number | null }[];
  tags: { tag: string }[];
}

const setupDialog = (page: Page) => page.getByRole('dialog', { name: 'Set up your profile' });
/** Toast titles sit in the toast region, which is aria-hidden while a modal is open (see auth.spec.ts). */
const toastTitled = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Status messages/, includeHidden: true })
    .getByText(title, { exact: true });

async function expectStep(page: Page, number: number, heading: string) {
  const dialog = setupDialog(page);
  await expect(dialog.getByText(`Step ${number} of 6`)).toBeVisible();
  // Each step moves focus to its heading, so keyboard users start at the top of the new step.
  await expect(dialog.getByRole('heading', { name: heading })).toBeFocused();
}

/** A signed-in account made through the API (the page's cookie jar holds its session). */
async function signUpThroughApi(page: Page): Promise<{ id: number; csrfToken: string }> {
  const tokenResponse = await page.request.get('/api/csrf-token');
  const { csrfToken: anonymousToken } = (await tokenResponse.json()) as { csrfToken: string };
  const response = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': anonymousToken },
    data: { ...newCredentials(), _csrf: anonymousToken },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  // The token is bound to the session, which signing up replaced.
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
  return { id, csrfToken };
}

test.describe('Profile setup dialog', () => {
  test('a new member signs up, walks all six steps and lands on the dashboard', async ({ page, axe }) => {
    test.slow();
    const credentials = newCredentials();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
    const register = page.getByRole('dialog', { name: 'Join CrewBase' });
    await register.getByLabel('Username').fill(credentials.username);
    await register.getByLabel('Email').fill(credentials.email);
    await register.getByLabel('Password', { exact: true }).fill(credentials.password);
    await register.getByLabel('Confirm password').fill(credentials.password);
    await register.getByRole('button', { name: 'Create account' }).click();

    // SPEC §2: on success the register form hides and the setup dialog opens.
    const dialog = setupDialog(page);
    await expect(register).toBeHidden();
    await expectStep(page, 1, 'Introduce yourself');
    await axe.expectNoSeriousA11yViolations(page);

    // Basic, with one validation error first.
    const bio = dialog.getByLabel('Bio');
    await bio.fill('x'.repeat(501));
    await dialog.getByRole('button', { name: 'Save & continue' }).click();
    await expect(dialog.getByText('Bio must be less than 500 characters')).toBeVisible();
    await expect(bio).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Step 1 of 6')).toBeVisible();
    await bio.fill(BIO);
    await expect(dialog.getByText(`${BIO.length}/500`)).toBeVisible();
    await dialog.getByLabel('Location').fill('Atlanta, GA');
    await dialog.getByLabel('Contact info').fill('bookings@example.com');
    await dialog.getByRole('button', { name: 'Save & continue' }).click();

    // Roles: pre-production first, Next needs a role, and Back returns to the basics as saved.
    await expectStep(page, 2, 'What do you do on set?');
    await expect(dialog.getByRole('tab', { name: 'Pre-production' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await expect(dialog.getByText('Choose at least one role to continue.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 1, 'Introduce yourself');
    await expect(bio).toHaveValue(BIO);
    await dialog.getByRole('button', { name: 'Save & continue' }).click();
    await expectStep(page, 2, 'What do you do on set?');

    const director = dialog.getByRole('button', { name: 'Director', exact: true });
    await director.click();
    await expect(director).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('tab', { name: /^Production/ }).click();
    await expect(dialog.getByRole('button', { name: 'Director', exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Gaffer', exact: true }).click();
    await dialog.getByRole('button', { name: 'Grip', exact: true }).click();
    await expect(dialog.getByText('3 roles chosen:')).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
    await next.click();

    // Experience: a second validation error, then one entry.
    await expectStep(page, 3, 'Where have you worked?');
    await dialog.getByLabel('Title', { exact: true }).fill('G');
    await dialog.getByLabel('Project name').fill('The Long Night');
    await dialog.getByRole('button', { name: 'Add experience' }).click();
    await expect(dialog.getByText('Title must be at least 2 characters')).toBeVisible();
    await dialog.getByLabel('Title', { exact: true }).fill('Gaffer');
    await dialog.getByLabel('Start date').fill('2023-03-01');
    await dialog.getByLabel('End date').fill('2023-06-30');
    await dialog.getByRole('button', { name: 'Add experience' }).click();
    await expect(toastTitled(page, 'Experience added')).toBeVisible();
    const experienceList = dialog.getByRole('list', { name: 'Your experience' });
    await expect(experienceList.getByRole('listitem')).toHaveCount(1);
    await expect(experienceList).toContainText('The Long Night');
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Credentials.
    await expectStep(page, 4, 'Training and credentials');
    await dialog.getByLabel('Title', { exact: true }).fill('MFA Cinematography');
    await dialog.getByLabel('Institution').fill('AFI Conservatory');
    await dialog.getByLabel('Year').fill('2015');
    await dialog.getByRole('button', { name: 'Add credential' }).click();
    await expect(toastTitled(page, 'Credential added')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Your credentials' })).toContainText('AFI Conservatory');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Tags: comma-separated, trimmed, empty ones dropped, previewed as chips.
    await expectStep(page, 5, 'Skills and kit');
    await dialog.getByLabel('Tags').fill(' ARRI Alexa, Steadicam,, night exteriors ,');
    await expect(dialog.getByRole('list', { name: 'New tags' }).getByRole('listitem')).toHaveText([
      'ARRI Alexa',
      'Steadicam',
      'night exteriors',
    ]);
    await dialog.getByRole('button', { name: 'Finish Setup' }).click();

    // Complete.
    await expectStep(page, 6, "You're all set");
    await dialog.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(dialog).toBeHidden();
    await expect(toastTitled(page, 'Profile setup complete')).toBeVisible();

    // The server holds what was entered.
    const me = (await (await page.request.get('/api/auth/me')).json()) as { id: number };
    const profileResponse = await page.request.get(`/api/users/${me.id}`);
    expect(profileResponse.ok()).toBe(true);
    const profile = (await profileResponse.json()) as PublicProfile;
    expect(profile.bio).toBe(BIO);
    expect(profile.location).toBe('Atlanta, GA');
    expect(profile.contactInfo).toBe('bookings@example.com');
    expect(profile.roles.map((role) => role.name).sort()).toEqual(['Director', 'Gaffer', 'Grip']);
    expect(profile.experiences).toEqual([
      expect.objectContaining({
        title: 'Gaffer',
        projectName: 'The Long Night',
        startDate: '2023-03-01',
        endDate: '2023-06-30',
      }),
    ]);
    expect(profile.credentials).toEqual([
      expect.objectContaining({ title: 'MFA Cinematography', institution: 'AFI Conservatory', year: 2015 }),
    ]);
    expect(profile.tags.map((tag) => tag.tag).sort()).toEqual(['ARRI Alexa', 'Steadicam', 'night exteriors']);

    // The dashboard: every setup step done; the photo is what is left (the dialog does not ask for it).
    await expect(page).toHaveTitle('Dashboard | CrewBase');
    const completeness = page.getByRole('progressbar', { name: 'Profile completeness' });
    await expect(completeness).toHaveAttribute('aria-valuenow', '71');
    await expect(page.getByText('71%')).toBeVisible();
    await expect(page.getByText('Add a profile photo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue setup' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/profile/edit');
  });

  test('Continue setup on the dashboard opens the dialog at the next missing step', async ({ page }) => {
    const { id, csrfToken } = await signUpThroughApi(page);
    const patched = await page.request.patch(`/api/users/${id}`, {
      headers: { 'CSRF-Token': csrfToken },
      data: { bio: BIO, location: 'Lisbon', _csrf: csrfToken },
    });
    expect(patched.ok()).toBe(true);

    await page.goto('/dashboard');
    await expect(page.getByText('Choose your roles')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'id',
      'subscription-button',
    );
    const views = page.getByRole('region', { name: 'Profile views' });
    await expect(views.getByRole('definition')).toHaveText(['0', '0']);

    await page.getByRole('button', { name: 'Continue setup' }).click();
    await expectStep(page, 2, 'What do you do on set?');
    await setupDialog(page).getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 1, 'Introduce yourself');
    await expect(setupDialog(page).getByLabel('Location')).toHaveValue('Lisbon');
    await setupDialog(page).getByRole('button', { name: 'Skip for now' }).click();
    await expect(setupDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a failed save shows the SPEC error toast and keeps the step', async ({ page }) => {
    const { id } = await signUpThroughApi(page);
    const refuse = { status: 400, json: { message: 'Refused by the test' } };
    await page.route(`**/api/users/${id}`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill(refuse) : route.fallback(),
    );
    await page.route(`**/api/users/${id}/roles`, (route) => route.fulfill(refuse));

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Continue setup' }).click();
    const dialog = setupDialog(page);
    await expectStep(page, 1, 'Introduce yourself');
    await dialog.getByLabel('Bio').fill(BIO);
    await dialog.getByRole('button', { name: 'Save & continue' }).click();
    await expect(toastTitled(page, 'Error updating profile')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Status messages/, includeHidden: true })
        .getByText('There was an error updating your profile. Please try again.'),
    ).toBeVisible();
    await expect(dialog.getByText('Step 1 of 6')).toBeVisible();

    await page.unroute(`**/api/users/${id}`);
    // The refused save was a write a moment ago; SPEC's client limiter (two writes a second) may
    // refuse an immediate second one. A person would press again: so does the test, a second apart.
    const saveAndContinue = dialog.getByRole('button', { name: 'Save & continue' });
    await expect(async () => {
      if ((await saveAndContinue.count()) > 0) await saveAndContinue.click();
      await expect(dialog.getByText('Step 2 of 6')).toBeVisible({ timeout: 1500 });
    }).toPass({ intervals: [1100] });
    await expectStep(page, 2, 'What do you do on set?');
    await dialog.getByRole('button', { name: 'Director', exact: true }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(toastTitled(page, 'Error saving roles')).toBeVisible();
    await expect(dialog.getByText('Step 2 of 6')).toBeVisible();
  });
});
