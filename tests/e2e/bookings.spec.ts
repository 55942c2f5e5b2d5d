import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Issue 18 as a production crews up: the Premium demo producer builds a team, invites a boom
 * operator and books them for three days; they answer from their notifications and see the days
 * busy on their calendar. (Not a gaffer: the browse tests count gaffers while this runs.)
 */
async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

async function registerCrew(request: APIRequestContext) {
  const username = `bom${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let token = await csrf(request);
  const res = await request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const roles = (await (await request.get('/api/roles')).json()) as { id: number; name: string }[];
  token = await csrf(request);
  const role = await request.post(`/api/users/${id}/roles`, {
    headers: { 'CSRF-Token': token },
    data: { roleId: roles.find((r) => r.name === 'Boom Operator')?.id, _csrf: token },
  });
  expect(role.ok()).toBe(true);
  return { id, username };
}

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
  const member = await registerCrew(crewMember.request);
  const producer = await signInAsDemo(browser);

  await producer.goto('/team-builder');
  await producer.getByLabel('Name').fill('Low Tide');
  await producer.getByLabel('Location').fill('Atlanta, GA');
  await producer.getByRole('button', { name: 'Create team' }).click();
  await expect(producer.getByRole('heading', { level: 1, name: 'Low Tide' })).toBeVisible();
  await producer.getByLabel('Role needed').selectOption({ label: 'Boom Operator' });
  await producer.getByRole('button', { name: 'Add position' }).click();
  await expect(producer.getByRole('list', { name: 'Positions' })).toContainText('0 of 1 filled');
  await producer.getByLabel('Find crew').fill(member.username);
  await producer.getByRole('list', { name: 'Crew found' }).getByRole('button', { name: 'Invite' }).click();
  await expect(producer.getByRole('list', { name: 'Members' })).toContainText('Invited');
  await axe.expectNoSeriousA11yViolations(producer);

  await producer.goto(`/profile/${member.id}`);
  await producer.getByRole('button', { name: 'Book or hold' }).click();
  const dialog = producer.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'Availability, next five weeks' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send booking request' }).click();
  await expect(producer).toHaveURL(/\/bookings\/\d+$/);
  await expect(producer.getByText('Requested')).toBeVisible();
  await expect(producer.getByText('3 days')).toBeVisible();
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
  const calendar = crewMember.getByRole('list', { name: 'Availability, next five weeks' });
  await expect(calendar.locator('[data-status="busy"]')).toHaveCount(3);
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
  await producer.getByRole('list', { name: 'My bookings of crew' }).getByRole('link').first().click();
  await producer.getByRole('button', { name: /^Pay / }).click();
  await expect(producer).toHaveURL(/\/payments\/\d+$/);
  await expect(producer.getByRole('link', { name: 'Download Invoice' })).toBeVisible();
  await producer.context().close();
});
