import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { csrf, registerCrew } from './members.ts';

/**
 * Issue 18 as a production crews up: the Premium demo producer builds a team, invites a boom
 * operator and books them for three days; they answer from their notifications and see the days
 * busy on their calendar. (Not a gaffer: the browse tests count gaffers while this runs.)
 */
async function signInAsDemo(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const token = await csrf(page.request);
  const res = await page.request.post('/api/login', {
    headers: { 'CSRF-Token': token },
    data: { username: 'demo', password: 'crewbase-demo', _csrf: token },
  });
  expect(res.ok()).toBe(true);
  return page;
}

const toasts = (page: Page) => page.getByRole('region', { name: /^Status messages/, includeHidden: true });

test('a producer builds a team, invites a boom operator and books them for three days; they accept and see the days busy', async ({
  page: crewMember,
  browser,
  axe,
}) => {
  test.slow();
  const member = await registerCrew(crewMember.request, 'Boom Operator', 'bom');
  const producer = await signInAsDemo(browser);

  await producer.goto('/team-builder');
  await producer.getByLabel('Name').fill('Low Tide');
  await producer.getByLabel('Location').fill('Atlanta, GA');
  await producer.getByLabel('First shoot day').fill(dayFromToday(20));
  await producer.getByLabel('Last shoot day').fill(dayFromToday(22));
  await producer.getByRole('button', { name: 'Create team' }).click();
  await expect(producer.getByRole('heading', { level: 1, name: 'Low Tide' })).toBeVisible();
  await producer.getByLabel('Role needed').selectOption({ label: 'Boom Operator' });
  await producer.getByRole('button', { name: 'Add position' }).click();
  await expect(producer.getByRole('list', { name: 'Positions' })).toContainText('0 of 1 filled');
  await producer.getByLabel('Find crew').fill(member.username);
  // Clicked this fast after the page's own loads, the invitation may wait a moment for room under
  // SPEC §9's client limiter (10 requests in 2 s); it is not refused.
  await producer.getByRole('list', { name: 'Crew found' }).getByRole('button', { name: 'Invite' }).click();
  await expect(producer.getByRole('list', { name: 'Members' })).toContainText('Invited');
  // The toast says so a moment after the list does; checked once it is there, not as it slides in.
  await expect(producer.getByText(`Invited ${member.name}`, { exact: true })).toBeVisible();
  await axe.expectNoSeriousA11yViolations(producer);

  // Booked from the crew sheet, for the position they were invited to.
  await producer
    .getByRole('list', { name: 'Members' })
    .getByRole('button', { name: 'Book', exact: true })
    .click();
  const dialog = producer.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'Availability, next five weeks' })).toBeVisible();
  // Issue 31: from the crew sheet, the team's dates, the position's role and the team are filled in.
  await expect(dialog.getByLabel('First day')).toHaveValue(dayFromToday(20));
  await expect(dialog.getByLabel('Last day')).toHaveValue(dayFromToday(22));
  await expect(dialog.getByLabel('Role')).toHaveValue(/\d+/);
  await expect(dialog).toContainText('For Low Tide as Boom Operator');
  await dialog.getByRole('button', { name: 'Send booking request' }).click();
  await expect(producer).toHaveURL(/\/bookings\/\d+$/);
  const bookingUrl = producer.url();
  await expect(producer.getByText('Requested')).toBeVisible();
  await expect(producer.getByText('3 days')).toBeVisible();
  await expect(producer.getByRole('link', { name: 'Low Tide' })).toBeVisible();
  await axe.expectNoSeriousA11yViolations(producer);

  // The boom operator answers both from their notifications.
  await crewMember.goto('/notifications');
  await crewMember
    .getByRole('article', { name: 'Team invitation' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(toasts(crewMember).getByText('Team invitation accepted')).toBeVisible();
  await crewMember
    .getByRole('article', { name: 'Booking request' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(toasts(crewMember).getByText('Booking request accepted')).toBeVisible();

  await crewMember.goto('/bookings');
  const calendar = crewMember.getByRole('region', { name: 'Your calendar' });
  await expect(calendar.locator('td[data-status="busy"]')).toHaveCount(3);
  await expect(crewMember.getByRole('list', { name: 'Bookings of me' })).toContainText('Booked');
  await axe.expectNoSeriousA11yViolations(crewMember);

  // The producer sees the crew sheet filled, and pays.
  await producer.goto('/team-builder');
  await producer
    .getByRole('link', { name: /Low Tide/ })
    .first()
    .click();
  await expect(producer.getByRole('list', { name: 'Positions' })).toContainText('1 of 1 filled');
  await producer.goto('/bookings');
  await producer.getByRole('tab', { name: 'As production' }).click();
  const mine = producer.getByRole('list', { name: 'My bookings of crew' });
  await expect(mine).toContainText(`${member.name} · Low Tide`);
  await producer.getByRole('button', { name: /^Booked/ }).click();
  await expect(mine).not.toContainText('hold');
  // This test's booking (the demo producer books in other tests at the same time).
  await producer.goto(bookingUrl);
  await expect(producer.getByText('Booked', { exact: true })).toBeVisible();
  // Issue 31: paying is never one tap. The confirmation names the amount, currency, payee and days.
  await producer.getByRole('button', { name: /^Pay / }).click();
  const pay = producer.getByRole('dialog', { name: `Pay ${member.name}?` });
  await expect(pay.getByTestId('pay-amount')).toContainText('USD');
  await expect(pay).toContainText(`${member.name}, Boom Operator`);
  await expect(pay).toContainText('(3 days)');
  await expect(producer).toHaveURL(bookingUrl);
  await axe.expectNoSeriousA11yViolations(producer);
  await pay.getByRole('button', { name: 'Cancel' }).click();
  await expect(pay).toBeHidden();
  await producer.getByRole('button', { name: /^Pay / }).click();
  await producer
    .getByRole('dialog')
    .getByRole('button', { name: /^Pay \$.* USD$/ })
    .click();
  await expect(producer).toHaveURL(/\/payments\/\d+$/);
  await expect(producer.getByRole('link', { name: 'Download Invoice' })).toBeVisible();
  await producer.context().close();
});

/** The day `n` days from today, as the server counts days (UTC). */
const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const inThisMonth = (day: string) => day.slice(0, 7) === new Date().toISOString().slice(0, 7);

test('crew mark days off and make a private calendar link; a producer sees the day unavailable and puts a hold', async ({
  page: crewMember,
  browser,
  axe,
}) => {
  test.slow();
  const member = await registerCrew(crewMember.request, 'Boom Operator', 'bom');
  // Three days off in one month (the account page shows one month at a time).
  const from = [3, 4, 5].find((n) => dayFromToday(n).slice(0, 7) === dayFromToday(n + 2).slice(0, 7)) ?? 3;
  const dayOff = dayFromToday(from);
  const lastOff = dayFromToday(from + 2);

  await crewMember.goto('/account#calendar');
  const daysOff = crewMember.getByRole('region', { name: 'Days off' });
  if (!inThisMonth(dayOff)) await daysOff.getByRole('button', { name: 'Later months' }).click();
  const dayButton = (day: string) => daysOff.locator(`td[data-date="${day}"] button`);
  await expect(dayButton(dayOff)).toHaveAttribute('aria-pressed', 'false');
  // Issue 31: a range, the first day then the last (shift-click, as on a desktop), not a tap a day.
  await dayButton(dayOff).click();
  await expect(daysOff.getByText(/^Marking off from/)).toBeVisible();
  await dayButton(lastOff).click({ modifiers: ['Shift'] });
  for (const n of [from, from + 1, from + 2])
    await expect(dayButton(dayFromToday(n))).toHaveAttribute('aria-pressed', 'true');
  if (dayFromToday(from + 3).slice(0, 7) === dayOff.slice(0, 7))
    await expect(dayButton(dayFromToday(from + 3))).toHaveAttribute('aria-pressed', 'false');
  // Starting on a marked day frees: the middle day alone (its first day pressed twice).
  await dayButton(dayFromToday(from + 1)).click();
  await expect(daysOff.getByText(/^Freeing from/)).toBeVisible();
  await dayButton(dayFromToday(from + 1)).click();
  await expect(dayButton(dayFromToday(from + 1))).toHaveAttribute('aria-pressed', 'false');
  await daysOff.getByRole('button', { name: 'Save days off' }).click();
  await expect(toasts(crewMember).getByText('Days off saved')).toBeVisible();
  await expect(daysOff.getByText('2 days off marked.')).toBeVisible();

  const link = crewMember.getByRole('region', { name: 'Calendar link' });
  await link.getByRole('button', { name: 'Make my calendar link' }).click();
  const url = await link.getByLabel('Your calendar link').inputValue();
  // The link names the address this page was opened at, so it works from here.
  expect(new URL(url).origin).toBe(new URL(crewMember.url()).origin);
  const feed = await crewMember.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await expect(link.getByRole('button', { name: 'Make a new link' })).toBeVisible();
  await axe.expectNoSeriousA11yViolations(crewMember);

  const producer = await signInAsDemo(browser);
  await producer.goto(`/profile/${member.id}?tab=availability`);
  const panel = producer.getByRole('tabpanel', { name: 'Availability' });
  if (!inThisMonth(dayOff)) await panel.getByRole('button', { name: 'Later months' }).click();
  await expect(panel.locator(`td[data-date="${dayOff}"]`)).toHaveAttribute('data-status', 'unavailable');
  await axe.expectNoSeriousA11yViolations(producer);
  await panel.getByRole('button', { name: 'Put on hold' }).click();
  const dialog = producer.getByRole('dialog', { name: `Put ${member.name} on hold` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Put on hold' }).click();
  await expect(producer).toHaveURL(/\/bookings\/\d+$/);
  // Issue 30: a hold is a request until the crew member agrees to it.
  await expect(producer.getByText('Hold requested', { exact: true })).toBeVisible();
  await producer.context().close();
});

test('the Availability tab fits a phone @phone', async ({ page, axe }) => {
  await page.goto('/profile/10?tab=availability');
  const panel = page.getByRole('tabpanel', { name: 'Availability' });
  await expect(panel.locator('td[data-status]').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await axe.expectNoSeriousA11yViolations(page);
});
