import type { Locator, Page } from '@playwright/test';
import { type ApiRole, CATEGORY_LABELS, expect, fetchRolesWithCounts, test } from './fixtures.ts';

interface ApiCrewCard {
  id: number;
  username: string;
  displayName: string | null;
  fallbackName: string;
  location: string | null;
  profileImage: string | null;
  roles: { id: number; name: string }[];
  ratingAverage: number;
  ratingCount: number;
}

/** RatingStars reads out as one phrase; with no reviews it says so instead. */
const ratingLabel = (person: ApiCrewCard) =>
  `Rated ${(Math.round(person.ratingAverage * 10) / 10).toFixed(1)} out of 5 from ${person.ratingCount} ${person.ratingCount === 1 ? 'review' : 'reviews'}`;

interface ApiBrowse {
  crew: ApiCrewCard[];
  total: number;
  pageSize: number;
}

const PAGE_SIZE = 24;

const rolesNav = (page: Page) => page.getByRole('navigation', { name: 'Roles' });
/** A sidebar entry: its accessible name is "<role> <count>". */
const sidebarLink = (page: Page, roleName: string) =>
  rolesNav(page).getByRole('link', { name: new RegExp(`^${escapeRegExp(roleName)} \\d+$`) });
const crewRegion = (page: Page, roleName: string) => page.getByRole('region', { name: `${roleName} crew` });
/** Crew cards are the links that hold a list of the person's roles (not the pagination links). */
const crewCards = (region: Locator) =>
  region.getByRole('link').filter({ has: region.page().getByRole('list', { name: /'s roles$/ }) });
const displayName = (person: ApiCrewCard) => person.displayName ?? person.fallbackName;

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function fetchCrew(page: Page, roleId: number, pageNumber = 1): Promise<ApiBrowse> {
  const response = await page.request.get(`/api/browse/crew?role=${roleId}&page=${pageNumber}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiBrowse;
}

async function roleNamed(page: Page, name: string): Promise<ApiRole & { count: number }> {
  const role = (await fetchRolesWithCounts(page)).find((r) => r.name === name);
  if (!role) throw new Error(`No role named ${name} in /api/roles`);
  return role;
}

test.describe('Browse crew', () => {
  test('lists every role by category with its crew count', async ({ page }) => {
    const roles = await fetchRolesWithCounts(page);
    expect(roles).toHaveLength(65);
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Crew' })).toBeVisible();
    await expect(page.getByText('Choose a role to see its crew')).toBeVisible();

    const nav = rolesNav(page);
    const categories = Object.keys(CATEGORY_LABELS) as ApiRole['category'][];
    await expect(nav.getByRole('heading', { level: 2 })).toHaveText(
      categories.map((c) => CATEGORY_LABELS[c]),
    );
    for (const [index, category] of categories.entries()) {
      const expected = roles
        .filter((r) => r.category === category)
        .map((r) => new RegExp(`^${escapeRegExp(r.name)}\\s*${r.count}$`));
      // Each category heading is followed by its own list; counts arrive after the roles, so retry.
      await expect(nav.getByRole('list').nth(index).getByRole('link')).toHaveText(expected);
    }

    const names = await nav.getByRole('link').allInnerTexts();
    const counts = names.map((text) => Number(text.match(/(\d+)\s*$/)?.[1]));
    expect(counts).toHaveLength(roles.length);
    for (const count of counts) expect(Number.isInteger(count)).toBe(true);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  test('choosing a role shows its crew and keeps it in the URL', async ({ page }) => {
    const gaffer = await roleNamed(page, 'Gaffer');
    const api = await fetchCrew(page, gaffer.id);
    await page.goto('/browse');

    const link = sidebarLink(page, 'Gaffer');
    await expect(link).toHaveAccessibleName(`Gaffer ${gaffer.count}`);
    await link.click();
    await expect(page).toHaveURL(`/browse?role=${gaffer.id}`);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Gaffers — Browse Crew | CrewBase');

    const region = crewRegion(page, 'Gaffer');
    await expect(region.getByRole('heading', { level: 2, name: 'Gaffer', exact: true })).toBeVisible();
    await expect(region.getByText(/^\d+ people$/)).toHaveText(`${gaffer.count} people`);
    await expect(crewCards(region)).toHaveCount(Math.min(gaffer.count, PAGE_SIZE));

    // The server sorts by rating (a Bayesian average): the best-rated people come first.
    expect(api.crew[0]?.ratingCount).toBeGreaterThan(0);
    // Every card links to its profile, in the API's order.
    const cards = crewCards(region);
    const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(api.crew.map((person) => `/profile/${person.id}`));
    // Each card names the person and shows their role badges, the chosen role among them.
    const badgeLists = region.getByRole('list', { name: /'s roles$/ });
    await expect(badgeLists).toHaveCount(api.crew.length);
    await expect(badgeLists.getByRole('listitem').filter({ hasText: /^Gaffer$/ })).toHaveCount(
      api.crew.length,
    );
    // The first cards in detail: avatar, name, location, every badge.
    for (const [index, person] of api.crew.slice(0, 3).entries()) {
      const card = cards.nth(index);
      await expect(card.locator('img')).toHaveAttribute(
        'src',
        person.profileImage ?? /\/uploads\/profile-\d+\.svg$/,
      );
      await expect(card.getByText(displayName(person), { exact: true })).toBeVisible();
      if (person.location) await expect(card.getByText(person.location, { exact: true })).toBeVisible();
      if (person.ratingCount > 0)
        await expect(card.getByRole('img', { name: ratingLabel(person) })).toBeVisible();
      else await expect(card.getByText('No reviews yet')).toBeVisible();
      await expect(
        card.getByRole('list', { name: `${displayName(person)}'s roles` }).getByRole('listitem'),
      ).toHaveText(person.roles.map((r) => r.name));
    }
    // The first avatar really loads.
    await expect
      .poll(() =>
        crewCards(region)
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);

    // The URL is the state: a reload shows the same role.
    await page.reload();
    await expect(region.getByRole('heading', { level: 2, name: 'Gaffer', exact: true })).toBeVisible();
    await expect(sidebarLink(page, 'Gaffer')).toHaveAttribute('aria-current', 'page');
  });

  test('switching roles updates the heading, the total and the cards', async ({ page }) => {
    const [gaffer, grip] = [await roleNamed(page, 'Gaffer'), await roleNamed(page, 'Grip')];
    await page.goto(`/browse?role=${gaffer.id}`);
    await expect(crewRegion(page, 'Gaffer').getByText(/^\d+ people$/)).toHaveText(`${gaffer.count} people`);

    await sidebarLink(page, 'Grip').click();
    await expect(page).toHaveURL(`/browse?role=${grip.id}`);
    const region = crewRegion(page, 'Grip');
    await expect(region.getByRole('heading', { level: 2, name: 'Grip', exact: true })).toBeVisible();
    await expect(region.getByText(/^\d+ people$/)).toHaveText(`${grip.count} people`);
    const cards = crewCards(region);
    await expect(cards).toHaveCount(Math.min(grip.count, PAGE_SIZE));
    for (const card of await cards.all()) {
      await expect(card.getByRole('listitem').filter({ hasText: /^Grip$/ })).toHaveCount(1);
    }
    await expect(sidebarLink(page, 'Gaffer')).not.toHaveAttribute('aria-current', 'page');
  });

  test('while the next role loads, the previous role’s crew is not shown under its name', async ({
    page,
  }) => {
    const gaffer = await roleNamed(page, 'Gaffer');
    // The next role must have a different total, or a stale total would look right.
    const grip = (await fetchRolesWithCounts(page)).find(
      (r) => r.category === 'production' && r.count !== gaffer.count,
    );
    if (!grip)
      throw new Error('The demo data should have a production role whose crew count differs from Gaffer');
    await page.goto(`/browse?role=${gaffer.id}`);
    await expect(crewRegion(page, 'Gaffer').getByText(/^\d+ people$/)).toHaveText(`${gaffer.count} people`);

    // Hold Grip's crew request until the in-between state has been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = () => {};
    const requestSeen = new Promise<void>((resolve) => {
      requested = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/browse/crew' && url.searchParams.get('role') === String(grip.id),
      async (route) => {
        requested();
        await held;
        await route.continue();
      },
    );
    try {
      await sidebarLink(page, grip.name).click();
      await requestSeen;
      const region = crewRegion(page, grip.name);
      await expect(region).toBeVisible();
      // Gaffers listed under the next role's heading with the Gaffer total would be wrong: show nothing yet.
      await expect(region.getByText(/^\d+ people$/)).toHaveCount(0);
      await expect(crewCards(region)).toHaveCount(0);
    } finally {
      release();
    }
    const region = crewRegion(page, grip.name);
    await expect(region.getByText(/^\d+ people$/)).toHaveText(`${grip.count} people`);
    await expect(crewCards(region)).toHaveCount(Math.min(grip.count, PAGE_SIZE));
  });

  test('a role with more than one page of crew paginates', async ({ page }) => {
    const roles = await fetchRolesWithCounts(page);
    const big = roles.filter((r) => r.count > PAGE_SIZE).sort((a, b) => b.count - a.count)[0];
    if (!big) throw new Error('The demo data should have a role with more than 24 crew');
    const [first, second] = [await fetchCrew(page, big.id, 1), await fetchCrew(page, big.id, 2)];
    // People are told apart by the profile each card links to.
    const firstPage = first.crew.map((person) => `/profile/${person.id}`);
    const secondPage = second.crew.map((person) => `/profile/${person.id}`);
    expect(secondPage).toHaveLength(Math.min(big.count - PAGE_SIZE, PAGE_SIZE));
    expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
    const pageCount = Math.ceil(big.count / PAGE_SIZE);

    await page.goto(`/browse?role=${big.id}`);
    const region = crewRegion(page, big.name);
    const pagination = region.getByRole('navigation', { name: 'Pagination' });
    const shownPeople = () =>
      crewCards(region).evaluateAll((cards) => cards.map((card) => card.getAttribute('href')));

    await expect(pagination.getByText(`Page 1 of ${pageCount}`)).toBeVisible();
    await expect(pagination.getByRole('link', { name: 'Previous' })).toHaveCount(0);
    await expect.poll(shownPeople).toEqual(firstPage);

    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(`/browse?role=${big.id}&page=2`);
    await expect(pagination.getByText(`Page 2 of ${pageCount}`)).toBeVisible();
    await expect.poll(shownPeople).toEqual(secondPage);
    await expect(region.getByText(/^\d+ people$/)).toHaveText(`${big.count} people`);
    await expect(crewCards(region).first()).toContainText(displayName(second.crew[0] as ApiCrewCard));

    // The browser's Back button returns to the first page...
    await page.goBack();
    await expect(page).toHaveURL(`/browse?role=${big.id}`);
    await expect(pagination.getByText(`Page 1 of ${pageCount}`)).toBeVisible();
    await expect.poll(shownPeople).toEqual(firstPage);

    // ...and so does the Previous link.
    await page.goForward();
    await expect.poll(shownPeople).toEqual(secondPage);
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(`/browse?role=${big.id}`);
    await expect.poll(shownPeople).toEqual(firstPage);
  });

  test('an unknown role says so and links back to all roles', async ({ page }) => {
    await page.goto('/browse?role=9999');
    await expect(page.getByText('That role does not exist')).toBeVisible();
    await page.getByRole('link', { name: 'See all roles' }).click();
    await expect(page).toHaveURL('/browse');
    await expect(page.getByText('Choose a role to see its crew')).toBeVisible();
  });

  test('a crew card opens that person’s profile', async ({ page }) => {
    const editor = await roleNamed(page, 'Editor');
    const [person] = (await fetchCrew(page, editor.id)).crew;
    if (!person) throw new Error('Editors should have crew in the demo data');
    await page.goto(`/browse?role=${editor.id}`);
    const card = crewCards(crewRegion(page, 'Editor')).first();
    await expect(card).toHaveAttribute('href', `/profile/${person.id}`);
    await card.click();
    await expect(page).toHaveURL(`/profile/${person.id}`);
  });

  test('selecting a role works on a phone too @phone', async ({ page }) => {
    const gaffer = await roleNamed(page, 'Gaffer');
    await page.goto('/browse');
    await sidebarLink(page, 'Gaffer').click();
    await expect(page).toHaveURL(`/browse?role=${gaffer.id}`);
    const region = crewRegion(page, 'Gaffer');
    await expect(region.getByText(/^\d+ people$/)).toHaveText(`${gaffer.count} people`);
    await expect(crewCards(region).first()).toBeVisible();
  });
});

// A phone-width layout, run once in the desktop project (the phone project only takes @phone tests).
test.describe('Browse crew on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('once a role is chosen, the roles fold behind a button', async ({ page }) => {
    const gaffer = await roleNamed(page, 'Gaffer');
    await page.goto(`/browse?role=${gaffer.id}`);
    await expect(crewCards(crewRegion(page, 'Gaffer')).first()).toBeVisible();
    await expect(rolesNav(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'All roles' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebarLink(page, 'Gaffer')).toHaveAttribute('aria-current', 'page');
    await sidebarLink(page, 'Grip').click();
    await expect(crewRegion(page, 'Grip').getByText(/^\d+ people$/)).toBeVisible();
    await expect(rolesNav(page)).toBeHidden();
  });
});
