import { type APIRequestContext, type Browser, devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 31, "Finding your work": Bookings, Messages and Teams are in every member's menu, free crew
 * included; /bookings opens on the side the member uses; the dashboard puts what waits for an
 * answer, with its amounts, above the profile hints.
 */
async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

/** A new free member, signed in through the API in this page's context. */
async function registerFreeCrew(request: APIRequestContext) {
  const username = `fw${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const token = await csrf(request);
  const res = await request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

/** The seeded Premium producer, in a context of its own. */
async function signInAsDemo(browser: Browser, options = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  const token = await csrf(page.request);
  const res = await page.request.post('/api/login', {
    headers: { 'CSRF-Token': token },
    data: { username: 'demo', password: 'crewbase-demo', _csrf: token },
  });
  expect(res.ok()).toBe(true);
  return page;
}

/** The day `n` days from today, as the server counts days (UTC). */
const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The producer asks the crew member for three days at $650 a day; the booking's id. */
async function requestThreeDays(producer: Page, crewId: number): Promise<number> {
  const roles = (await (await producer.request.get('/api/roles')).json()) as { id: number; name: string }[];
  const token = await csrf(producer.request);
  // Days of their own for this run, so the producer's one-request-per-days rule never meets another.
  const start = 200 + Math.floor(Math.random() * 100);
  const res = await producer.request.post('/api/bookings', {
    headers: { 'CSRF-Token': token },
    data: {
      crewId,
      roleId: roles.find((r) => r.name === 'Gaffer')?.id,
      startDate: dayFromToday(start),
      endDate: dayFromToday(start + 2),
      rate: 65000,
      currency: 'usd',
      _csrf: token,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.describe('Finding your work on a phone', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('a free crew member reaches Bookings, Messages and Teams from the menu @phone', async ({ page }) => {
    await registerFreeCrew(page.request);
    await page.goto('/');
    const openMenu = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Your work' });
    };
    const work = await openMenu();
    await expect(work.getByRole('link')).toHaveText(['Bookings', 'Messages', 'Teams', 'Saved searches']);

    await work.getByRole('link', { name: 'Bookings' }).click();
    await expect(page).toHaveURL('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'As crew' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Nobody has booked you yet')).toBeVisible();

    await (await openMenu()).getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL('/messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    await (await openMenu()).getByRole('link', { name: 'Teams' }).click();
    await expect(page).toHaveURL('/teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
    await expect(page.getByText('No teams yet')).toBeVisible();
  });

  test('/bookings opens "As production" for a producer with bookings, and the crew member answers from the dashboard @phone', async ({
    page: crewMember,
    browser,
    axe,
  }) => {
    // Two members, two pages and two accessibility scans: past a minute on a busy two-core machine.
    test.slow();
    const crew = await registerFreeCrew(crewMember.request);
    const producer = await signInAsDemo(browser, pixel7);
    const bookingId = await requestThreeDays(producer, crew.id);

    await producer.goto('/bookings');
    await expect(producer.getByRole('tab', { name: 'As production' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const mine = producer.getByRole('list', { name: 'My bookings of crew' });
    // Newest first: the request just made leads.
    await expect(mine.getByRole('link').first()).toHaveAttribute('href', `/bookings/${bookingId}`);
    await producer.getByRole('button', { name: 'Requested', exact: true }).click();
    await expect(producer).toHaveURL(/[?&]filter=requested/);
    await expect(mine.locator(`a[href="/bookings/${bookingId}"]`)).toContainText('Requested');
    await producer.getByRole('button', { name: 'Booked', exact: true }).click();
    await expect(mine.locator(`a[href="/bookings/${bookingId}"]`)).toHaveCount(0);
    await axe.expectNoSeriousA11yViolations(producer);
    await producer.context().close();

    await crewMember.goto('/dashboard');
    const waiting = crewMember.getByRole('region', { name: 'Waiting for your answer' });
    const request = waiting.getByRole('list', { name: 'Booking requests' }).getByRole('link');
    await expect(request).toContainText('$650.00/day · 3 days · $1,950.00');
    await expect(request).toHaveAttribute('href', `/bookings/${bookingId}`);
    // What needs an answer comes before the profile hints.
    const hints = crewMember.getByRole('region', { name: 'Profile completeness' });
    const [waitingBox, hintsBox] = [await waiting.boundingBox(), await hints.boundingBox()];
    expect(waitingBox && hintsBox && waitingBox.y < hintsBox.y).toBe(true);
    await axe.expectNoSeriousA11yViolations(crewMember);
  });
});
