import type { APIRequestContext, Browser, Page, Route, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Notifications (issue 7) against the real server: the bell, the dropdown, the page, live delivery
 * over /ws. Only the seeded demo account is old enough to write reviews, so it is the one that
 * makes notifications happen: its review of a fresh account notifies that account, and the fresh
 * account's Thank notifies the demo account.
 */
const DEMO = { username: 'demo', password: 'crewbase-demo' };
const DEMO_NAME = 'Alex Rivera';
const PASSWORD = 'Cinematography-42';

interface ApiNotification {
  id: number;
  userId: number;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  data: Record<string, number> | null;
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/csrf-token');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function signIn(request: APIRequestContext, credentials = DEMO): Promise<{ id: number }> {
  const token = await csrfToken(request);
  const response = await request.post('/api/login', {
    headers: { 'CSRF-Token': token },
    data: { ...credentials, _csrf: token },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number };
}

async function register(request: APIRequestContext): Promise<{ id: number; username: string }> {
  const username = `ntf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const token = await csrfToken(request);
  const response = await request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: PASSWORD, _csrf: token },
  });
  expect(response.status()).toBe(201);
  return { ...((await response.json()) as { id: number }), username };
}

/** The demo account, signed in in its own browser context, reviews `subjectId`. */
async function demoReviews(browser: Browser, subjectId: number, rating: number): Promise<number> {
  const context = await browser.newContext();
  try {
    await signIn(context.request);
    const token = await csrfToken(context.request);
    const response = await context.request.post(`/api/users/${subjectId}/reviews`, {
      headers: { 'CSRF-Token': token },
      data: { rating, text: 'Calm under pressure and always a step ahead of the schedule.', _csrf: token },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  } finally {
    await context.close();
  }
}

async function unreadCount(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/notifications/unread-count');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { unreadCount: number }).unreadCount;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const toastRegion = (page: Page) =>
  page.getByRole('region', { name: /^Status messages/, includeHidden: true });
const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates:' });

test.describe('The demo account', () => {
  // Both tests change what the demo account has unread; one after the other, they never race.
  test.describe.configure({ mode: 'serial' });
  // Several sign-ins (each a password hash) and browser contexts per test.
  test.slow();

  test('the bell shows the unread count, the dropdown lists it, Mark All Read clears the badge', async ({
    page,
    axe,
  }) => {
    await signIn(page.request);
    await page.goto('/');
    // Other tests running beside this one may notify the demo account: read the count once the
    // badge agrees with the server.
    let count = 0;
    await expect
      .poll(async () => {
        count = await unreadCount(page.request);
        return (await badge(page).textContent()) === String(count);
      })
      .toBe(true);
    expect(count).toBeGreaterThan(0);
    await expect(bell(page)).toHaveAccessibleName(
      `Notifications, ${count} unread ${count === 1 ? 'notification' : 'notifications'}`,
    );

    await bell(page).click();
    const panel = dropdown(page);
    await expect(panel.getByRole('button', { name: 'Show Unread' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByTestId('unread-count-line')).toHaveText(
      `${count} unread ${count === 1 ? 'notification' : 'notifications'}`,
    );
    const items = panel.getByRole('list', { name: 'Unread notifications' }).getByRole('listitem');
    await expect(items).toHaveCount(Math.min(count, 8));
    await expect(items.filter({ hasText: 'New review' }).first()).toBeVisible();
    await expect(panel.getByRole('img', { name: /out of 5 stars$/ }).first()).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);

    // Escape closes the dropdown and gives focus back to the bell, which opens it from the keyboard.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();

    await panel.getByRole('button', { name: 'Mark All Read' }).click();
    await expect(toastRegion(page).getByText('All notifications marked as read')).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(panel.getByTestId('unread-count-line')).toHaveText('Nothing unread');
    await expect(panel.getByText('No unread notifications')).toBeVisible();
    await expect(panel.getByText("You're all caught up!")).toBeVisible();
    expect(await unreadCount(page.request)).toBe(0);

    // Show All still lists them, read now.
    await panel.getByRole('button', { name: 'Show All' }).click();
    await expect(
      panel.getByRole('list', { name: 'All notifications' }).getByRole('listitem').first(),
    ).toBeVisible();

    await panel.getByRole('link', { name: 'View All Notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  });

  test('Thank on the notifications page thanks the reviewer, who hears about it live', async ({
    page,
    browser,
    axe,
  }) => {
    // The demo account's tab is open on its notifications page.
    await signIn(page.request);
    await page.goto('/notifications');
    await expect(liveStatus(page)).toHaveText('Live updates: Live');
    const before = await unreadCount(page.request);

    // A fresh member the demo account has reviewed thanks it from their own notifications page.
    const member = await browser.newContext();
    try {
      const memberPage = await member.newPage();
      const { id } = await register(memberPage.request);
      const reviewId = await demoReviews(browser, id, 5);
      await memberPage.goto('/notifications');
      const card = memberPage.getByRole('article', { name: 'New review' });
      await expect(card).toContainText(`${DEMO_NAME} left you a 5-star review.`);
      await expect(card.getByText('New', { exact: true })).toBeVisible();
      await expect(card.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
      await expect(card.getByRole('link', { name: 'View Review' })).toHaveAttribute(
        'href',
        `/profile/${id}?review=${reviewId}`,
      );
      await axe.expectNoSeriousA11yViolations(memberPage);

      await card.getByRole('button', { name: 'Thank' }).click();
      await expect(toastRegion(memberPage).getByText('Thank you sent', { exact: true })).toBeVisible();
      await expect(
        toastRegion(memberPage).getByText('Your appreciation has been shared with the reviewer'),
      ).toBeVisible();
      await expect(card.getByText('Thanked')).toBeVisible();
      // Any action marks the notification read.
      await expect(card.getByText('New', { exact: true })).toHaveCount(0);
      await expect(badge(memberPage)).toHaveCount(0);
    } finally {
      await member.close();
    }

    // The demo account's open page got the thanks without a reload.
    await expect(page.getByRole('article').first()).toContainText('thanked you for your review');
    await expect(badge(page)).toHaveText(String(before + 1));
  });
});

test('a review written in another browser reaches an open tab live: badge, dropdown, mark all read', async ({
  page,
  browser,
  axe,
}) => {
  test.slow();
  const member = await register(page.request);
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(badge(page)).toHaveCount(0);

  await bell(page).click();
  await expect(dropdown(page).getByText('No unread notifications')).toBeVisible();
  await dropdown(page).getByRole('button', { name: 'Show All' }).click();
  await expect(dropdown(page).getByText('No notifications yet')).toBeVisible();
  await expect(dropdown(page).getByText("You're all caught up!")).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // Make sure the socket is up before the review is written.
  await page.goto('/notifications');
  await expect(liveStatus(page)).toHaveText('Live updates: Live');
  await expect(page.getByText('No notifications yet')).toBeVisible();

  await demoReviews(browser, member.id, 4);

  // No reload: the badge goes up, the empty list gets the item.
  await expect(badge(page)).toHaveText('1');
  await expect(page.getByRole('article', { name: 'New review' })).toContainText(
    `${DEMO_NAME} left you a 4-star review.`,
  );
  await expect(page.getByText('1 unread notification', { exact: true })).toBeVisible();

  await bell(page).click();
  const panel = dropdown(page);
  await expect(panel.getByRole('button', { name: 'Show Unread' })).toHaveAttribute('aria-pressed', 'true');
  const item = panel.getByRole('link', { name: /New review/ });
  await expect(item).toContainText(`${DEMO_NAME} left you a 4-star review.`);
  await panel.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(panel.getByText('No unread notifications')).toBeVisible();
  await page.keyboard.press('Escape');
  // The page behind agrees: no New badge any more.
  await expect(
    page.getByRole('article', { name: 'New review' }).getByText('New', { exact: true }),
  ).toHaveCount(0);
});

test('two tabs of one member: both get the notification, and reading it in one clears the other', async ({
  context,
  browser,
}) => {
  test.slow();
  const first = await context.newPage();
  const member = await register(first.request);
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/notifications');
  await expect(liveStatus(second)).toHaveText('Live updates: Live');
  await expect(second.getByText('No notifications yet')).toBeVisible();

  await demoReviews(browser, member.id, 5);
  await expect(badge(first)).toHaveText('1');
  await expect(badge(second)).toHaveText('1');
  const card = second.getByRole('article', { name: 'New review' });
  await expect(card.getByText('New', { exact: true })).toBeVisible();

  await bell(first).click();
  await dropdown(first).getByRole('button', { name: 'Mark All Read' }).click();
  await expect(badge(first)).toHaveCount(0);
  // The other tab hears the new count over its own socket and catches up without a reload.
  await expect(badge(second)).toHaveCount(0);
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);
});

test('mark as read, delete and clear all on the notifications page', async ({ page, browser, axe }) => {
  test.slow();
  const member = await register(page.request);
  await demoReviews(browser, member.id, 3);
  await page.goto('/notifications');
  const card = page.getByRole('article', { name: 'New review' });
  await expect(card).toBeVisible();
  await expect(badge(page)).toHaveText('1');

  await card.getByRole('button', { name: 'Mark as read' }).click();
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Delete notification' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No notifications yet')).toBeVisible();
  expect(
    ((await (await page.request.get('/api/notifications')).json()) as { notifications: unknown[] })
      .notifications,
  ).toEqual([]);

  // Clear all asks first; Cancel keeps everything.
  const second = await register(page.request);
  await demoReviews(browser, second.id, 5);
  await page.goto('/notifications');
  await expect(page.getByRole('article', { name: 'New review' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear all' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear all notifications?' });
  await expect(confirm).toBeVisible();
  await axe.expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name: 'New review' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear all' }).click();
  await page
    .getByRole('dialog', { name: 'Clear all notifications?' })
    .getByRole('button', { name: 'Clear all' })
    .click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear all' })).toBeDisabled();
});

test('preferences: five switches saved with PATCH, kept after a reload', async ({ page, axe }) => {
  await register(page.request);
  await page.goto('/notifications');
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await expect(page).toHaveURL(/\?tab=preferences$/);
  const form = page.getByRole('form', { name: 'Notification preferences' });
  for (const label of [
    'Browser notifications',
    'Messages',
    'Reviews',
    'Team invitations',
    'System notifications',
  ]) {
    await expect(form.getByRole('checkbox', { name: label })).toBeChecked();
  }
  const save = form.getByRole('button', { name: 'Save preferences' });
  await expect(save).toBeDisabled();
  await axe.expectNoSeriousA11yViolations(page);

  await form.getByRole('checkbox', { name: 'Reviews' }).click();
  await form.getByRole('checkbox', { name: 'System notifications' }).click();
  await expect(form.getByText('You have unsaved changes.')).toBeVisible();
  const saved = page.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().endsWith('/api/notifications/preferences'),
  );
  await save.click();
  const body = (await saved).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    browser_notifications: true,
    message_notifications: true,
    review_notifications: false,
    team_invite_notifications: true,
    system_notifications: false,
  });
  await expect(toastRegion(page).getByText('Preferences saved')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(form.getByRole('checkbox', { name: 'Reviews' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'System notifications' })).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Messages' })).toBeChecked();
});

test('a signed-out visitor has no bell and is sent to sign in from /notifications', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log In' }).first()).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  await page.goto('/notifications');
  await expect(page).toHaveURL(/\/auth/);
});

test('browser notifications: shown for a live notification, closed after 8 s, a click opens the reviews', async ({
  page,
  browser,
}) => {
  // A stand-in for the browser's Notification that records what the page does with it.
  await page.addInitScript(() => {
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: ((event: Event) => void) | null = null;
      closed = false;
      constructor(
        readonly title: string,
        readonly options: { body?: string; tag?: string },
      ) {
        (window as unknown as { shown: RecordedNotification[] }).shown.push(this);
      }
      close() {
        this.closed = true;
      }
    }
    (window as unknown as { shown: unknown[] }).shown = [];
    Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  });
  await page.clock.install();
  const member = await register(page.request);
  await page.goto('/notifications');
  await expect(liveStatus(page)).toHaveText('Live updates: Live');

  await demoReviews(browser, member.id, 5);
  await expect(badge(page)).toHaveText('1');
  const shown = () =>
    page.evaluate(() =>
      (
        window as unknown as { shown: { title: string; options: { body?: string }; closed: boolean }[] }
      ).shown.map(({ title, options, closed }) => ({ title, body: options.body, closed })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: 'New review', body: `${DEMO_NAME} left you a 5-star review.`, closed: false }]);
  await page.clock.runFor(8_000);
  await expect
    .poll(shown)
    .toEqual([{ title: 'New review', body: `${DEMO_NAME} left you a 5-star review.`, closed: true }]);

  // SPEC §9: a review notification opens /profile?tab=reviews, which is the member's own profile.
  await page.evaluate(() =>
    (window as unknown as { shown: { onclick: ((event: Event) => void) | null }[] }).shown[0]?.onclick?.(
      new Event('click'),
    ),
  );
  await expect(page).toHaveURL(new RegExp(`/profile/${member.id}\\?tab=reviews$`));
});

test('browser notifications stay off when the preference is off', async ({ page, browser }) => {
  await page.addInitScript(() => {
    (window as unknown as { shown: string[] }).shown = [];
    class RecordedNotification {
      static permission = 'granted';
      constructor(title: string) {
        (window as unknown as { shown: string[] }).shown.push(title);
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  });
  const member = await register(page.request);
  const token = await csrfToken(page.request);
  const off = await page.request.patch('/api/notifications/preferences', {
    headers: { 'CSRF-Token': token },
    data: { browser_notifications: false, _csrf: token },
  });
  expect(off.ok()).toBe(true);
  await page.goto('/notifications');
  await expect(liveStatus(page)).toHaveText('Live updates: Live');
  await demoReviews(browser, member.id, 4);
  await expect(page.getByRole('article', { name: 'New review' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shown: string[] }).shown)).toEqual([]);
});

/**
 * Types whose features come later (teams, connections, bookings, payments, featured profiles) cannot
 * be made on a production server yet, so their list and action calls are answered here; the page
 * under test is the real one.
 */
test.describe('actions of every type', () => {
  const at = new Date().toISOString();
  const of = (
    id: number,
    type: string,
    title: string,
    data: Record<string, number> | null,
  ): ApiNotification => ({
    id,
    userId: 0,
    type,
    title,
    message: `${title} message`,
    isRead: false,
    createdAt: at,
    data,
  });

  async function answerList(page: Page, notifications: ApiNotification[]) {
    const calls: string[] = [];
    await page.route(/\/api\/notifications(\?.*)?$/, (route) =>
      route.fulfill({ json: { notifications, unreadCount: notifications.length, nextCursor: null } }),
    );
    await page.route(/\/api\/notifications\/\d+\/read$/, (route) => {
      calls.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
      return route.fulfill({ json: { unreadCount: 0 } });
    });
    const answerAction = (route: Route) => {
      const request = route.request();
      calls.push(`${request.method()} ${new URL(request.url()).pathname} ${request.postData() ?? ''}`);
      return route.fulfill({ json: {} });
    };
    await page.route(/\/api\/(team-invites|connections|bookings)\//, answerAction);
    return calls;
  }

  test('each type shows the actions SPEC §2 gives it; Accept, Decline and Share answer with their toasts', async ({
    page,
    axe,
    context,
  }) => {
    const { id: userId } = await register(page.request);
    const list = [
      of(101, 'team_invite', 'Team invitation', { teamId: 7 }),
      of(102, 'message', 'New message', { conversationId: 9 }),
      of(103, 'connection_request', 'Connection request', { requesterId: 3 }),
      of(104, 'booking_request', 'Booking request', { bookingId: 11 }),
      of(105, 'payment_received', 'Payment received', { paymentId: 12, amount: 1250 }),
      of(106, 'profile_featured', 'Achievement Unlocked!', null),
      of(107, 'system', 'Welcome', null),
    ].map((n) => ({ ...n, userId }));
    const calls = await answerList(page, list);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/notifications');

    const card = (name: string) => page.getByRole('article', { name });
    const actionNames = async (name: string) =>
      (
        await card(name)
          .locator('a, button')
          .evaluateAll((els) => els.map((el) => el.textContent?.trim()))
      ).filter((text) => text !== '');
    await expect(card('Team invitation')).toBeVisible();
    expect(await actionNames('Team invitation')).toEqual(['Accept', 'Decline', 'View Details']);
    expect(await actionNames('New message')).toEqual(['Reply', 'View']);
    expect(await actionNames('Connection request')).toEqual(['Accept', 'Decline', 'View Profile']);
    expect(await actionNames('Booking request')).toEqual(['Accept', 'Decline', 'View Details']);
    expect(await actionNames('Payment received')).toEqual(['View Payment', 'Download Invoice']);
    expect(await actionNames('Achievement Unlocked!')).toEqual(['Share Achievement']);
    expect(await actionNames('Welcome')).toEqual([]);

    await expect(card('Team invitation').getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/team/7',
    );
    await expect(card('New message').getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/messages?conversation=9',
    );
    await expect(card('Connection request').getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/profile/3',
    );
    await expect(card('Booking request').getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/bookings/11',
    );
    await expect(card('Payment received').getByRole('link', { name: 'View Payment' })).toHaveAttribute(
      'href',
      '/payments/12',
    );
    const invoice = card('Payment received').getByRole('link', { name: 'Download Invoice' });
    await expect(invoice).toHaveAttribute('href', '/api/payments/12/invoice');
    await expect(invoice).toHaveAttribute('download', 'invoice-12.pdf');
    await expect(card('Payment received')).toContainText('1,250.00');
    await axe.expectNoSeriousA11yViolations(page);

    await card('Team invitation').getByRole('button', { name: 'Accept' }).click();
    await expect(toastRegion(page).getByText('Team invitation accepted')).toBeVisible();
    await expect(card('Team invitation').getByText('Accepted')).toBeVisible();
    await card('Connection request').getByRole('button', { name: 'Decline' }).click();
    await expect(toastRegion(page).getByText('Connection request declined')).toBeVisible();
    await card('Booking request').getByRole('button', { name: 'Accept' }).click();
    await expect(toastRegion(page).getByText('Booking request accepted')).toBeVisible();
    await card('Achievement Unlocked!').getByRole('button', { name: 'Share Achievement' }).click();
    await expect(toastRegion(page).getByText('Copied to clipboard')).toBeVisible();
    await expect(toastRegion(page).getByText('Achievement details copied to share')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Achievement Unlocked!');

    const actions = calls.filter((call) => !call.includes('/read'));
    expect(actions.map((call) => call.replace(/,"_csrf":"[^"]*"/, ''))).toEqual([
      'POST /api/team-invites/7/accept {"notificationId":101}',
      'POST /api/connections/decline {"requesterId":3,"notificationId":103}',
      'POST /api/bookings/11/accept {"notificationId":104}',
    ]);
    // Every action marked its notification read.
    await expect
      .poll(() => calls.filter((call) => call.includes('/read')).sort())
      .toEqual([
        'PATCH /api/notifications/101/read',
        'PATCH /api/notifications/103/read',
        'PATCH /api/notifications/104/read',
        'PATCH /api/notifications/106/read',
      ]);
  });

  test('a failed action says so with the SPEC text and leaves the notification unread', async ({ page }) => {
    const { id: userId } = await register(page.request);
    await answerList(page, [{ ...of(201, 'team_invite', 'Team invitation', { teamId: 8 }), userId }]);
    await page.route(/\/api\/team-invites\//, (route) =>
      route.fulfill({ status: 404, json: { error: { message: 'Not found', timestamp: at } } }),
    );
    await page.goto('/notifications');
    const card = page.getByRole('article', { name: 'Team invitation' });
    await card.getByRole('button', { name: 'Decline' }).click();
    await expect(toastRegion(page).getByText('Failed to complete action. Please try again.')).toBeVisible();
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  test('the list loads the next page as it scrolls, following the cursor', async ({ page }) => {
    const { id: userId } = await register(page.request);
    const pageOf = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        ...of(from - i, 'system', `Notice ${from - i}`, null),
        userId,
        isRead: true,
      }));
    const cursors: (string | null)[] = [];
    await page.route(/\/api\/notifications(\?.*)?$/, (route) => {
      const url = new URL(route.request().url());
      const cursor = url.searchParams.get('cursor');
      cursors.push(cursor);
      const body =
        cursor === null
          ? { notifications: pageOf(45, 20), unreadCount: 0, nextCursor: '100.26' }
          : cursor === '100.26'
            ? { notifications: pageOf(25, 20), unreadCount: 0, nextCursor: '100.6' }
            : { notifications: pageOf(5, 5), unreadCount: 0, nextCursor: null };
      return route.fulfill({ json: body });
    });
    await page.goto('/notifications');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(20);
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(40);
    await page.getByRole('article', { name: 'Notice 6' }).scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(45);
    await expect(page.getByText("That's everything.")).toBeVisible();
    // The first page may be asked for twice: again when the live connection opens.
    expect([...new Set(cursors)]).toEqual([null, '100.26', '100.6']);
  });
});

test('the realtime connection against a stand-in socket: count, 99+, retry after 3 s, manual reconnect, ping every 30 s', async ({
  page,
}) => {
  await page.clock.install();
  const sockets: WebSocketRoute[] = [];
  const received: string[] = [];
  await page.routeWebSocket(/\/ws$/, (socket) => {
    sockets.push(socket);
    socket.onMessage((message) => received.push(String(message)));
  });
  const member = await register(page.request);
  // The stand-in server's count, which the lists and the count call agree with.
  let serverCount = 0;
  await page.route(/\/api\/notifications(\?.*)?$/, (route) =>
    route.fulfill({ json: { notifications: [], unreadCount: serverCount, nextCursor: null } }),
  );
  await page.route(/\/api\/notifications\/unread-count$/, (route) =>
    route.fulfill({ json: { unreadCount: serverCount } }),
  );
  await page.goto('/notifications');
  await expect(liveStatus(page)).toHaveText('Live updates: Live');
  expect(sockets).toHaveLength(1);
  serverCount = 150;

  // unread_count_update sets the count; above 99 the badge reads 99+.
  sockets[0]?.send(JSON.stringify({ type: 'unread_count_update', count: 150 }));
  await expect(badge(page)).toHaveText('99+');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 150 unread notifications');
  await expect(page.getByText('150 unread notifications', { exact: true })).toBeVisible();

  // A notification goes on top of the list and adds one.
  sockets[0]?.send(
    JSON.stringify({
      type: 'notification',
      data: {
        id: 999_999,
        userId: member.id,
        type: 'system',
        title: 'Stand-in notice',
        message: 'Delivered over the stand-in socket.',
        isRead: false,
        createdAt: new Date().toISOString(),
        data: null,
      },
    }),
  );
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Stand-in notice');
  await expect(page.getByText('151 unread notifications', { exact: true })).toBeVisible();

  // While connected a ping goes out every 30 s.
  await page.clock.runFor(30_000);
  await expect.poll(() => received).toEqual([JSON.stringify({ type: 'notification_ping' })]);

  // A close with a code other than 1000: "Connection failed", then a new socket 3 s later.
  await sockets[0]?.close({ code: 4000, reason: 'test' });
  await expect(liveStatus(page)).toHaveText('Live updates: Offline · Connection failed');
  await page.clock.runFor(2_000);
  expect(sockets).toHaveLength(1);
  await page.clock.runFor(1_000);
  await expect.poll(() => sockets.length).toBe(2);
  await expect(liveStatus(page)).toHaveText('Live updates: Live');

  // A close with 1000 is not retried; Reconnect opens a new socket 1 s later.
  await sockets[1]?.close({ code: 1000 });
  await expect(liveStatus(page)).toHaveText('Live updates: Offline');
  await page.clock.runFor(10_000);
  expect(sockets).toHaveLength(2);
  await page.getByRole('button', { name: 'Reconnect' }).click();
  await page.clock.runFor(1_000);
  await expect.poll(() => sockets.length).toBe(3);
  await expect(liveStatus(page)).toHaveText('Live updates: Live');
});

test('served on a port other than 3000, at 127.0.0.1, with no PUBLIC_URL: the bell still updates live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // playwright.config.ts starts the server without PUBLIC_URL (its default is then localhost:PORT).
  const served = new URL(baseURL ?? '');
  expect(served.hostname).toBe('127.0.0.1');
  expect(served.port).not.toBe('3000');
  const member = await register(page.request);
  await page.goto('/');
  await bell(page).click();
  await expect(dropdown(page).getByText('No unread notifications')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/notifications');
  await expect(liveStatus(page)).toHaveText('Live updates: Live');
  await demoReviews(browser, member.id, 5);
  await expect(badge(page)).toHaveText('1');
  await bell(page).click();
  await expect(dropdown(page).getByRole('link', { name: /New review/ })).toContainText(
    `${DEMO_NAME} left you a 5-star review.`,
  );
  await expect(dropdown(page).getByText('Live updates are not available at this address')).toHaveCount(0);
});

test('a page whose address the server refuses for live updates says so and stops retrying', async ({
  page,
  axe,
}) => {
  await page.clock.install();
  let sockets = 0;
  // What the server does for a foreign origin: upgrade, then close at once with 4403.
  await page.routeWebSocket(/\/ws$/, (socket) => {
    sockets++;
    void socket.close({ code: 4403, reason: 'Live updates are not allowed from this address' });
  });
  await register(page.request);
  await page.goto('/notifications');
  await expect(liveStatus(page)).toHaveText(
    'Live updates: Offline · Live updates are not available at this address',
  );
  await page.clock.runFor(30_000);
  expect(sockets).toBe(1);
  await bell(page).click();
  await expect(dropdown(page).getByRole('status').filter({ hasText: 'Live updates' })).toHaveText(
    'Live updates are not available at this address: open the site at its usual address to see new notifications as they arrive.',
  );
  await axe.expectNoSeriousA11yViolations(page);
});

test('/notification-test is there for signed-in members, and says when the server refuses', async ({
  page,
  axe,
}) => {
  await register(page.request);
  await page.goto('/notification-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Notification test' })).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Review' });
  await expect(page.getByLabel('Title')).toHaveValue('New review');
  await axe.expectNoSeriousA11yViolations(page);
  // The browser tests run the production server, where only administrators may send test notifications.
  await page.getByRole('button', { name: 'Send test notification' }).click();
  await expect(page.getByRole('alert')).toHaveText('Test notifications are for administrators only');
});

test('phone: the bell sits in the bar and its dropdown fits the screen @phone', async ({ page }) => {
  await signIn(page.request);
  await page.goto('/');
  await bell(page).click();
  const box = await dropdown(page).boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
  await expect(dropdown(page).getByRole('link', { name: 'View All Notifications' })).toBeVisible();
});

test('a tap on the bell before its dropdown has arrived opens the dropdown once it is there', async ({
  page,
}) => {
  await signIn(page.request);
  // Hold the dropdown's chunk back until the bell has been tapped, as on a slow connection.
  let releaseChunk = () => {};
  const chunkHeld = new Promise<void>((resolve) => {
    releaseChunk = resolve;
  });
  await page.route(/signed-in-notification-bell-[\w-]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  await page.goto('/');
  await bell(page).click();
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
  releaseChunk();
  await expect(dropdown(page).getByRole('link', { name: 'View All Notifications' })).toBeVisible();
});
