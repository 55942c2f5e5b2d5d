import { type APIRequestContext, devices, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { csrf, signInAsProducer } from './members.ts';

// Issue 35: "which dolly grips here are free these days?" A producer filters search by dates, sees
// who is free (and how free), saves the search, and finds it again on the saved-searches page.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The day `n` days from today, as the server counts days (UTC). */
const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** "17–19 Dec", or "30 Dec–1 Jan" across months: what the card says after "Free". */
function range(from: string, to: string): string {
  const [, fromMonth, fromDay] = from.split('-').map(Number) as [number, number, number];
  const [, toMonth, toDay] = to.split('-').map(Number) as [number, number, number];
  return fromMonth === toMonth
    ? `${fromDay}–${toDay} ${MONTHS[toMonth - 1]}`
    : `${fromDay} ${MONTHS[fromMonth - 1]}–${toDay} ${MONTHS[toMonth - 1]}`;
}

/**
 * A word no other member has as a place, so the search finds this test's crew alone: all of it
 * random, since the location filter forgives typos and would take another test's "Saltmarshabc"
 * for this one's "Saltmarshxyz".
 */
const uniquePlace = () => {
  const letters = Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${letters[0]?.toUpperCase()}${letters.slice(1).join('')}`;
};

/** A new dolly grip in `place`, signed in through `request`; their name as others see it. */
async function registerDollyGrip(request: APIRequestContext, place: string) {
  const username = `dolly${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
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
    data: { roleId: roles.find((r) => r.name === 'Dolly Grip')?.id, _csrf: token },
  });
  expect(role.ok()).toBe(true);
  token = await csrf(request);
  const placed = await request.patch(`/api/users/${id}`, {
    headers: { 'CSRF-Token': token },
    data: { location: place, _csrf: token },
  });
  expect(placed.ok()).toBe(true);
  const me = (await (await request.get('/api/auth/me')).json()) as { fallbackName: string };
  return { id, name: me.fallbackName };
}

/** Two dolly grips in one new place: one with a day off inside the range, one free throughout. */
async function twoDollyGrips(page: Page, dayOff: string) {
  const place = uniquePlace();
  const busyContext = await page.context().browser()?.newContext();
  const freeContext = await page.context().browser()?.newContext();
  if (!busyContext || !freeContext) throw new Error('A browser for the crew');
  const busy = await registerDollyGrip(busyContext.request, place);
  const token = await csrf(busyContext.request);
  const off = await busyContext.request.put('/api/me/unavailable-days', {
    headers: { 'CSRF-Token': token },
    data: { days: [dayOff], _csrf: token },
  });
  expect(off.status()).toBe(204);
  const free = await registerDollyGrip(freeContext.request, place);
  await busyContext.close();
  await freeContext.close();
  return { place, busy, free };
}

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const card = (page: Page, name: string) => results(page).getByRole('listitem').filter({ hasText: name });
const paramsOf = (page: Page) => new URL(page.url()).searchParams;
const toasts = (page: Page) => page.getByRole('region', { name: /^Status messages/, includeHidden: true });

test('a producer filters by dates, sees who is free, saves the search and finds it in Saved searches', async ({
  browser,
  page: visitor,
  axe,
}) => {
  test.slow();
  const from = dayFromToday(20);
  const to = dayFromToday(22);
  const { place, busy, free } = await twoDollyGrips(visitor, dayFromToday(21));
  const producer = await signInAsProducer(browser);

  await producer.goto(`/search?location=${place}`);
  await expect(card(producer, free.name)).toBeVisible();
  await expect(card(producer, busy.name)).toBeVisible();

  // The dates apply as they are chosen, into the address, like every other filter.
  const filters = producer.getByRole('complementary', { name: 'Filters' });
  await filters.getByLabel('Available from').fill(from);
  await filters.getByLabel('Available to').fill(to);
  await filters.getByLabel('Available to').blur();
  await expect.poll(() => paramsOf(producer).get('availableTo')).toBe(to);
  expect(paramsOf(producer).get('availableFrom')).toBe(from);
  await expect(card(producer, free.name).getByTestId('free-days')).toHaveText(`Free ${range(from, to)}`);
  await expect(card(producer, busy.name)).toHaveCount(0);
  await expect(
    producer.getByRole('button', { name: `Remove filter: Free ${range(from, to)}` }),
  ).toBeVisible();
  // The GET form sends them under the address's own names.
  const form = filters.locator('form[action="/search"][method="get"]');
  await expect(form.locator('input[type="date"][name="availableFrom"]')).toHaveValue(from);
  await expect(form.locator('input[type="date"][name="availableTo"]')).toHaveValue(to);

  // Partly free crew too: the busy one is back, free 2 of the 3 days.
  await filters.getByLabel('Free on').selectOption('2');
  await expect.poll(() => paramsOf(producer).get('minFreeDays')).toBe('2');
  await expect(card(producer, busy.name).getByTestId('free-days')).toHaveText('Free 2 of 3 days');
  await expect(card(producer, free.name).getByTestId('free-days')).toHaveText(`Free ${range(from, to)}`);
  await axe.expectNoSeriousA11yViolations(producer);

  // Save it under a name.
  await producer.getByRole('button', { name: 'Save this search' }).click();
  const dialog = producer.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByText(place)).toBeVisible();
  await dialog.getByLabel('Name').fill('Dolly grips, second week');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toasts(producer).getByText('Search saved', { exact: true })).toBeVisible();

  // Found again from the account menu.
  await producer.getByRole('button', { name: 'Account menu' }).click();
  await producer.getByRole('menuitem', { name: 'Saved searches' }).click();
  await expect(producer).toHaveURL('/saved-searches');
  const saved = producer.getByRole('list', { name: 'Saved searches' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole('heading', { name: 'Dolly grips, second week' })).toBeVisible();
  await expect(saved.getByText(`${place} · Free 2+ days of ${range(from, to)}`)).toBeVisible();
  await expect(saved.getByRole('switch', { name: 'Alerts' })).toHaveAttribute('aria-checked', 'true');
  await producer.context().close();
});

test('on Saved searches a member switches alerts off, runs a search and deletes one', async ({
  browser,
  axe,
}) => {
  test.slow();
  const from = dayFromToday(25);
  const to = dayFromToday(27);
  const producer = await signInAsProducer(browser);
  const token = await csrf(producer.request);
  const made = await producer.request.post('/api/saved-searches', {
    headers: { 'CSRF-Token': token },
    data: {
      name: 'Dolly grips, second week',
      query: { location: 'Savannah', availableFrom: from, availableTo: to, minFreeDays: '2' },
    },
  });
  expect(made.status()).toBe(201);

  await producer.goto('/saved-searches');
  const saved = producer.getByRole('list', { name: 'Saved searches' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.getByText(`Savannah · Free 2+ days of ${range(from, to)}`)).toBeVisible();
  const alerts = saved.getByRole('switch', { name: 'Alerts' });
  await expect(alerts).toHaveAttribute('aria-checked', 'true');
  await axe.expectNoSeriousA11yViolations(producer);
  await alerts.press('Space');
  await expect(alerts).toHaveAttribute('aria-checked', 'false');
  await expect
    .poll(async () => {
      const list = (await (await producer.request.get('/api/saved-searches')).json()) as {
        savedSearches: { alerts: boolean }[];
      };
      return list.savedSearches[0]?.alerts;
    })
    .toBe(false);

  // Run search opens the same search.
  await saved.getByRole('link', { name: 'Run search' }).click();
  await expect(producer).toHaveURL(/\/search\?/);
  expect(paramsOf(producer).get('availableFrom')).toBe(from);
  expect(paramsOf(producer).get('minFreeDays')).toBe('2');
  await expect(
    // Exactly: with nobody free then, the empty state offers the same removal as a suggestion.
    producer.getByRole('button', { name: `Remove filter: Free 2+ days of ${range(from, to)}`, exact: true }),
  ).toBeVisible();

  // Deleted, with a confirmation first; the empty page says how to save one.
  await producer.goBack();
  await producer.getByRole('button', { name: 'Delete' }).click();
  const confirm = producer.getByRole('dialog', { name: 'Delete “Dolly grips, second week”?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(producer.getByText('No saved searches yet')).toBeVisible();
  await producer.context().close();
});

test('browse by role takes the same dates', async ({ page }) => {
  const roles = (await (await page.request.get('/api/roles')).json()) as { id: number; name: string }[];
  const dolly = roles.find((role) => role.name === 'Dolly Grip');
  if (!dolly) throw new Error('Dolly Grip is in the role catalogue');
  const from = dayFromToday(30);
  await page.goto(`/browse?role=${dolly.id}`);
  await page.getByLabel('Available from').fill(from);
  await page.getByLabel('Available from').blur();
  await expect.poll(() => paramsOf(page).get('availableFrom')).toBe(from);
  expect(paramsOf(page).get('role')).toBe(String(dolly.id));
  // One day: "Free 12 Mar" on every card listed (only those free then are).
  const [, month, day] = from.split('-').map(Number) as [number, number, number];
  await expect(page.getByTestId('free-days').first()).toHaveText(`Free ${day} ${MONTHS[month - 1]}`);
});

// Pinned to the phone, so the desktop project (which runs every spec) runs it as a phone too.
const { defaultBrowserType: _phoneBrowser, ...pixel7 } = devices['Pixel 7'];

test.describe('Dates on a phone', () => {
  test.use(pixel7);

  test('the dates are in the filter sheet, and a visitor is asked to sign in to save @phone', async ({
    page,
    axe,
  }) => {
    test.slow();
    const from = dayFromToday(40);
    const to = dayFromToday(41);
    const { place, free } = await twoDollyGrips(page, dayFromToday(40));
    await page.goto(`/search?location=${place}`);
    await page.getByRole('button', { name: 'Filters (1)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByLabel('Available from').fill(from);
    await sheet.getByLabel('Available to').fill(to);
    await sheet.getByLabel('Available to').blur();
    await expect.poll(() => paramsOf(page).get('availableTo')).toBe(to);
    await expect(sheet.getByRole('button', { name: 'Show 1 result' })).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
    await sheet.getByRole('button', { name: 'Show 1 result' }).click();
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
    await expect(card(page, free.name).getByTestId('free-days')).toHaveText(`Free ${range(from, to)}`);

    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(page.getByText('Sign in to save searches')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});
