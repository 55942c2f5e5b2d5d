import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Reviews and ratings (issue 6). Writing needs an account older than 24 hours, so the writer is the
 * seeded demo account (a Premium member since long ago), which has also received four reviews from
 * the first demo crew, the oldest of them already thanked.
 */
const DEMO = { username: 'demo', password: 'crewbase-demo' };
const PASSWORD = 'Cinematography-42';

interface ApiProfile {
  id: number;
  username: string;
  displayName: string | null;
  fallbackName: string;
  rating: { average: number; count: number };
}
interface ApiReview {
  id: number;
  text: string;
  thankedAt: string | null;
  reviewer: { displayName: string | null; fallbackName: string; username: string };
}
interface ApiReviewList {
  reviews: ApiReview[];
  total: number;
  hiddenCount: number;
}

/** As common/src/people.ts personName: never the username (issue 31). */
const nameOf = (person: { displayName: string | null; fallbackName: string }) =>
  person.displayName ?? person.fallbackName;

async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/csrf-token');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** Signs in through the API, so the page's cookie jar holds the session. */
async function signInAsDemo(page: Page): Promise<ApiProfile> {
  const token = await csrfToken(page);
  const response = await page.request.post('/api/login', {
    headers: { 'CSRF-Token': token },
    data: { ...DEMO, _csrf: token },
  });
  expect(response.ok()).toBe(true);
  const { id } = (await response.json()) as { id: number };
  return fetchProfile(page, id);
}

async function registerMember(page: Page): Promise<{ id: number; username: string }> {
  const username = `rev${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const token = await csrfToken(page);
  const response = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: PASSWORD, _csrf: token },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { id, username };
}

async function fetchProfile(page: Page, id: number): Promise<ApiProfile> {
  const response = await page.request.get(`/api/users/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiProfile;
}

async function fetchReviews(page: Page, id: number): Promise<ApiReviewList> {
  const response = await page.request.get(`/api/users/${id}/reviews`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiReviewList;
}

/** The first demo crew member (after `from`) nobody has reviewed yet. */
async function unreviewedCrew(page: Page, from: number): Promise<ApiProfile> {
  for (let id = from; id < from + 100; id++) {
    const profile = await fetchProfile(page, id);
    if (profile.rating.count === 0 && profile.username !== DEMO.username) return profile;
  }
  throw new Error('no unreviewed demo crew member found');
}

const reviewsSection = (page: Page) => page.locator('#reviews-section');
const reviewArticles = (page: Page) => reviewsSection(page).getByRole('article');
const toastRegion = (page: Page) =>
  page.getByRole('region', { name: /^Status messages/, includeHidden: true });
const reviewsTab = (page: Page) =>
  page.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab', { name: /^Reviews/ });

test.describe('Writing a review', () => {
  test('a member writes a review with the keyboard, sees it and the new average, edits and deletes it', async ({
    page,
    axe,
  }) => {
    await signInAsDemo(page);
    const subject = await unreviewedCrew(page, 20);
    const name = nameOf(subject);

    await page.goto(`/profile/${subject.id}?tab=reviews`);
    await expect(reviewsSection(page).getByText('No reviews yet')).toBeVisible();
    await reviewsSection(page).getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: `Review ${name}` });

    await test.step('empty and too-short reviews are refused beside their fields', async () => {
      await dialog.getByRole('button', { name: 'Publish review' }).click();
      await expect(dialog.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
      await expect(dialog.getByText('Review must be at least 10 characters')).toBeVisible();
      // Focus goes to the first field shown with a problem: the stars.
      await expect(dialog.getByRole('radio', { name: /^1 star/ })).toBeFocused();
      await dialog.getByLabel('Your review').fill('Too short');
      await expect(dialog.getByText('9/2000')).toBeVisible();
      await axe.expectNoSeriousA11yViolations(page);
    });

    await test.step('the stars are a radio group the arrow keys move through', async () => {
      await dialog.getByRole('radio', { name: /^1 star/ }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(dialog.getByRole('radio', { name: /^4 stars/ })).toBeChecked();
      await expect(dialog.getByRole('radio', { name: /^4 stars/ })).toBeFocused();
      await expect(dialog.getByText('Please choose a rating from 1 to 5 stars')).toBeHidden();
    });

    const text = 'Kept the camera department calm through a week of night shoots. Would hire again.';
    await dialog.getByLabel('Your review').fill(text);
    await dialog.getByLabel('Project (optional)').fill('Harbour Nights');
    await dialog.getByLabel('Their role (optional)').selectOption({ label: 'Director' });
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await expect(dialog).toBeHidden();
    await expect(toastRegion(page).getByText('Review published', { exact: true })).toBeVisible();

    const mine = reviewArticles(page).filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Harbour Nights')).toBeVisible();
    await expect(mine.getByText('Director')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' })).toBeVisible();
    // The new average, in the header and in the summary, without a reload.
    await expect(
      page.getByRole('button', { name: '4.0 (1): rated 4.0 out of 5 from 1 review. Show reviews' }),
    ).toBeVisible();
    await expect(reviewsSection(page).getByText('Based on 1 review')).toBeVisible();
    await expect(reviewsSection(page).getByRole('button', { name: 'Write a review' })).toHaveCount(0);

    await test.step('search shows the new average on their result', async () => {
      await page.goto(`/search?q=${encodeURIComponent(name)}`);
      const result = page
        .getByRole('listitem')
        .filter({ has: page.locator(`a[href="/profile/${subject.id}"]`) })
        .first();
      await expect(result.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' })).toBeVisible();
      await page.goto(`/profile/${subject.id}?tab=reviews`);
      await expect(mine).toBeVisible();
    });

    await test.step('the author edits the review, which is then marked as edited', async () => {
      await mine.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit your review' });
      await expect(edit.getByLabel('Your review')).toHaveValue(text);
      await edit.getByRole('radio', { name: /^5 stars/ }).check();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit).toBeHidden();
      await expect(toastRegion(page).getByText('Review updated', { exact: true })).toBeVisible();
      await expect(mine.getByText('Edited')).toBeVisible();
      await expect(
        page.getByRole('button', { name: '5.0 (1): rated 5.0 out of 5 from 1 review. Show reviews' }),
      ).toBeVisible();
    });

    await test.step('the author deletes it after confirming', async () => {
      await mine.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete your review?' });
      await confirm.getByRole('button', { name: 'Delete review' }).click();
      await expect(toastRegion(page).getByText('Review deleted', { exact: true })).toBeVisible();
      await expect(reviewsSection(page).getByText('No reviews yet')).toBeVisible();
      await expect(page.getByRole('button', { name: 'No reviews yet. Show the reviews tab' })).toBeVisible();
    });
  });

  test('a new account hears why it cannot review yet; a visitor is asked to sign in', async ({ page }) => {
    const subject = await unreviewedCrew(page, 130);
    await page.goto(`/profile/${subject.id}?tab=reviews`);
    await reviewsSection(page).getByRole('button', { name: 'Sign in to write a review' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
    await page.keyboard.press('Escape');

    await registerMember(page);
    await page.reload();
    await reviewsSection(page).getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: `Review ${nameOf(subject)}` });
    await dialog.getByRole('radio', { name: /^3 stars/ }).check();
    await dialog.getByLabel('Your review').fill('We shot a short together last spring.');
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'New accounts can write reviews 24 hours after signing up. Please come back tomorrow.',
    );
  });

  test('signing in from the prompt offers to write; a second review is refused with an offer to edit the first', async ({
    page,
  }) => {
    const subject = await unreviewedCrew(page, 60);
    await page.goto(`/profile/${subject.id}?tab=reviews`);
    await reviewsSection(page).getByRole('button', { name: 'Sign in to write a review' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome back' });
    await login.getByLabel('Username or email').fill(DEMO.username);
    await login.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await login.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(login).toBeHidden();
    const write = reviewsSection(page).getByRole('button', { name: 'Write a review' });
    await expect(write).toBeVisible();

    // Meanwhile the same member reviews this person from another tab.
    const earlier = 'Reliable and quick on a tight commercial schedule.';
    const token = await csrfToken(page);
    const created = await page.request.post(`/api/users/${subject.id}/reviews`, {
      headers: { 'CSRF-Token': token },
      data: { rating: 4, text: earlier, _csrf: token },
    });
    expect(created.status()).toBe(201);

    await write.click();
    const dialog = page.getByRole('dialog', { name: `Review ${nameOf(subject)}` });
    await dialog.getByRole('radio', { name: /^2 stars/ }).check();
    await dialog.getByLabel('Your review').fill('A second opinion on the same shoot.');
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'You have already reviewed this person. Edit your existing review instead.',
    );
    await dialog.getByRole('button', { name: 'Edit your review' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit your review' });
    await expect(edit.getByLabel('Your review')).toHaveValue(earlier);
    await expect(edit.getByRole('radio', { name: /^4 stars/ })).toBeChecked();
  });

  test('the owner of a profile gets no "Write a review" button', async ({ page }) => {
    const demo = await signInAsDemo(page);
    await page.goto(`/profile/${demo.id}?tab=reviews`);
    await expect(reviewArticles(page).first()).toBeVisible();
    await expect(reviewsSection(page).getByRole('button', { name: /write a review/i })).toHaveCount(0);
  });
});

test.describe('Reading reviews', () => {
  test('the subject thanks a review once; the dashboard card links to the reviews tab', async ({
    page,
    axe,
  }) => {
    const demo = await signInAsDemo(page);
    const { reviews } = await fetchReviews(page, demo.id);
    const unthanked = reviews.find((review) => review.thankedAt === null);
    if (!unthanked) throw new Error('the demo account needs an unthanked review');

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Your rating' });
    await expect(card.getByText(`From ${demo.rating.count} reviews`)).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
    await card.getByRole('link', { name: 'See your reviews' }).click();
    // /profile redirects to /profile/{id} and keeps ?tab=reviews.
    await expect(page).toHaveURL(`/profile/${demo.id}?tab=reviews`);
    await expect(reviewsTab(page)).toHaveAttribute('aria-selected', 'true');

    const review = reviewArticles(page).filter({ hasText: unthanked.text });
    await review.getByRole('button', { name: `Thank ${nameOf(unthanked.reviewer)} for this review` }).click();
    await expect(toastRegion(page).getByText('Thank you sent', { exact: true })).toBeVisible();
    await expect(
      toastRegion(page).getByText('Your appreciation has been shared with the reviewer'),
    ).toBeVisible();
    await expect(review.getByText('Thanked')).toBeVisible();
    await expect(review.getByRole('button', { name: /^Thank/ })).toHaveCount(0);

    await page.reload();
    await expect(reviewArticles(page).filter({ hasText: unthanked.text }).getByText('Thanked')).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });

  test('?review= selects the Reviews tab, scrolls to the review and highlights it', async ({ page }) => {
    const demo = await signInAsDemo(page);
    const { reviews } = await fetchReviews(page, demo.id);
    const oldest = reviews.at(-1);
    if (!oldest) throw new Error('the demo account needs reviews');

    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto(`/profile/${demo.id}?review=${oldest.id}`);
    await expect(reviewsTab(page)).toHaveAttribute('aria-selected', 'true');
    const target = page.locator(`#review-${oldest.id}`);
    await expect(target).toHaveAttribute('data-highlighted', 'true');
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
    await expect(reviewArticles(page).and(page.locator('[data-highlighted]'))).toHaveCount(1);
  });

  test('a visitor sees the newest 3 with the upgrade prompt, and a held-back linked review says so @phone', async ({
    page,
    axe,
  }) => {
    const { id: demoId, reviews: all } = await demoAccount(page);
    const { reviews, total, hiddenCount } = await fetchReviews(page, demoId);
    expect(reviews).toHaveLength(3);
    expect(hiddenCount).toBe(total - 3);

    await page.goto(`/profile/${demoId}`);
    // The header's stars open the Reviews tab.
    await page.getByRole('button', { name: /: rated .* Show reviews$/ }).click();
    await expect(reviewsTab(page)).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/[?&]tab=reviews/);

    await expect(reviewArticles(page)).toHaveCount(3);
    await expect(reviewsSection(page).getByText(`The newest 3 of ${total} reviews`)).toBeVisible();
    const prompt = reviewsSection(page).getByRole('complementary', { name: 'Premium unlocks all reviews' });
    await expect(prompt).toContainText(`${hiddenCount} more`);
    await expect(prompt.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    await expect(reviewsSection(page).getByLabel('Sort by')).toHaveCount(0);
    await axe.expectNoSeriousA11yViolations(page);

    // The oldest review is past the newest 3: a link to it says it is for Premium members.
    const hidden = all.at(-1);
    if (!hidden) throw new Error('the demo account needs a fourth review');
    await page.goto(`/profile/${demoId}?review=${hidden.id}`);
    await expect(
      reviewsSection(page).getByText('The review you followed is one of those for Premium members.'),
    ).toBeVisible();
  });

  test('a signed-in free member also sees at most 3, without sorting', async ({ page }) => {
    const { id: demoId } = await demoAccount(page);
    await registerMember(page);
    await page.goto(`/profile/${demoId}?tab=reviews`);
    await expect(reviewArticles(page)).toHaveCount(3);
    await expect(reviewsSection(page).getByText('Premium unlocks all reviews')).toBeVisible();
    await expect(reviewsSection(page).getByRole('button', { name: 'Write a review' })).toBeVisible();
    await expect(reviewsSection(page).getByLabel('Sort by')).toHaveCount(0);
  });

  test('a Premium member sorts all reviews; another member can report one', async ({ page }) => {
    const demo = await signInAsDemo(page);
    // Someone with several reviews, some of them below five stars.
    let subject: ApiProfile | null = null;
    for (let id = 2; id < 200 && !subject; id++) {
      const profile = await fetchProfile(page, id);
      if (profile.rating.count >= 4 && profile.rating.average < 5 && profile.id !== demo.id)
        subject = profile;
    }
    if (!subject) throw new Error('no demo crew member with four mixed reviews');

    await page.goto(`/profile/${subject.id}?tab=reviews`);
    await expect(reviewArticles(page)).toHaveCount(subject.rating.count);
    await reviewsSection(page).getByLabel('Sort by').selectOption('lowest');
    await expect(page).toHaveURL(/[?&]sort=lowest/);
    const lowest = await page.request.get(`/api/users/${subject.id}/reviews?sort=lowest`);
    const [first] = ((await lowest.json()) as ApiReviewList).reviews;
    if (!first) throw new Error('no reviews');
    await expect(reviewArticles(page).first()).toContainText(first.text);

    await reviewArticles(page)
      .first()
      .getByRole('button', { name: /^Report the review by/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Reason must be at least 5 characters')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The reviewer was not on this production.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();
    await expect(toastRegion(page).getByText('Review reported', { exact: true })).toBeVisible();
  });
});

/**
 * The demo account's id and all its reviews (as it sees them: all, being Premium), leaving the page
 * signed out again.
 */
async function demoAccount(page: Page): Promise<{ id: number; reviews: ApiReview[] }> {
  const demo = await signInAsDemo(page);
  const { reviews } = await fetchReviews(page, demo.id);
  await page.context().clearCookies();
  return { id: demo.id, reviews };
}
