import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { csrf, registerCrew, signInAsProducer } from './members.ts';

/**
 * Issue 31, "Notifications that tell the truth": a booking request answered from its notification
 * shows its outcome instead of Accept and Decline after a reload; one answered elsewhere changes in
 * the open tab; a conflict says the server's reason, not the generic failure.
 */
const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** The producer asks for `days` days starting `from` days from today; answers the booking's id. */
async function requestBooking(producer: Page, crew: { id: number; roleId: number }, from: number) {
  const token = await csrf(producer.request);
  const res = await producer.request.post('/api/bookings', {
    headers: { 'CSRF-Token': token },
    data: {
      crewId: crew.id,
      roleId: crew.roleId,
      startDate: dayFromToday(from),
      endDate: dayFromToday(from + 1),
      rate: 45000,
      currency: 'usd',
      _csrf: token,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function act(who: Page, bookingId: number, action: string) {
  const token = await csrf(who.request);
  return who.request.post(`/api/bookings/${bookingId}/${action}`, {
    headers: { 'CSRF-Token': token },
    data: { _csrf: token },
  });
}

const toasts = (page: Page) => page.getByRole('region', { name: /^Status messages/, includeHidden: true });
/** "2 Dec": how the outcome names a day of this year. */
const today = () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(new Date());

test('accepted from the notification, the request shows "Accepted · date" and no Accept after a reload, in the dropdown too', async ({
  page: crew,
  browser,
  axe,
}) => {
  test.slow();
  const member = await registerCrew(crew.request, 'Boom Operator', 'out');
  const producer = await signInAsProducer(browser);
  await requestBooking(producer, member, 40);

  await crew.goto('/notifications');
  const card = crew.getByRole('article', { name: 'Booking request' });
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(toasts(crew).getByText('Booking request accepted')).toBeVisible();

  await crew.reload();
  await expect(card).toBeVisible();
  await expect(card.getByText(`Accepted · ${today()}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  // The way to the booking stays.
  await expect(card.getByRole('link', { name: 'View Details' })).toBeVisible();
  await axe.expectNoSeriousA11yViolations(crew);

  // The bell's dropdown says the same of it (read now: it is under Show All).
  await crew.getByRole('button', { name: /^Notifications/ }).click();
  await crew.getByRole('button', { name: 'Show All' }).click();
  const all = crew.getByRole('list', { name: 'All notifications' });
  await expect(
    all.getByRole('listitem').filter({ hasText: 'Booking request' }).getByText(`Accepted · ${today()}`),
  ).toBeVisible();
  await producer.context().close();
});

test('cancelled by the production while the crew member’s page is open: the card changes without a reload', async ({
  page: crew,
  browser,
}) => {
  test.slow();
  const member = await registerCrew(crew.request, 'Boom Operator', 'out');
  const producer = await signInAsProducer(browser);
  const bookingId = await requestBooking(producer, member, 50);

  await crew.goto('/notifications');
  const card = crew.getByRole('article', { name: 'Booking request' });
  await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
  // Live (notification_update), or, were the socket not open yet, the refetch when it opens.
  expect((await act(producer, bookingId, 'cancel')).ok()).toBe(true);
  await expect(card.getByText(`Cancelled · ${today()}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await producer.context().close();
});

test('a conflict shows the server’s reason, never the generic failure text', async ({
  page: crew,
  browser,
}) => {
  test.slow();
  const member = await registerCrew(crew.request, 'Boom Operator', 'out');
  const producer = await signInAsProducer(browser);
  const bookingId = await requestBooking(producer, member, 60);
  await crew.goto('/notifications');
  const card = crew.getByRole('article', { name: 'Booking request' });
  await expect(card.getByRole('button', { name: 'Decline' })).toBeVisible();
  // Answered meanwhile on another device, before this tab heard of it: the server refuses (409).
  await crew.route(`**/api/bookings/${bookingId}/decline`, async (route) => {
    expect((await act(crew, bookingId, 'accept')).ok()).toBe(true);
    await route.continue();
  });
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(toasts(crew).getByText('This request was already accepted')).toBeVisible();
  await expect(toasts(crew).getByText('Failed to complete action. Please try again.')).toHaveCount(0);
  await expect(card.getByText(`Accepted · ${today()}`)).toBeVisible();
  await producer.context().close();
});
