import type { Locator, Page } from '@playwright/test';
import { expect, fetchRolesWithCounts, test } from './fixtures.ts';

interface ApiPerson {
  id: number;
  username: string;
  displayName: string | null;
  location: string | null;
  roles: { id: number; name: string }[];
  ratingAverage: number;
  ratingCount: number;
  isSubscribed: boolean;
}

interface ApiSearch {
  results: ApiPerson[];
  total: number;
  totalIsCapped: boolean;
  pageCount: number;
  correctedQuery: string | null;
}

const SEARCH_BOX = 'Search crew by name, role or skill';
const nameOf = (person: ApiPerson) => person.displayName ?? person.username;

async function apiSearch(page: Page, query: string): Promise<ApiSearch> {
  const response = await page.request.get(`/api/search?${query}`);
  expect(response.ok(), `GET /api/search?${query}`).toBe(true);
  return (await response.json()) as ApiSearch;
}

async function topRated(page: Page, limit = 8): Promise<ApiPerson[]> {
  const response = await page.request.get(`/api/users/top-rated?limit=${limit}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { crew: ApiPerson[] }).crew;
}

const resultList = (page: Page) => page.getByRole('list', { name: 'Search results' });
/** One link per result card: the person's name. */
const resultLinks = (page: Page) => resultList(page).getByRole('link');
const resultCards = (page: Page) => resultList(page).locator(':scope > li');
const total = (page: Page) => page.getByTestId('result-total');
/** The page's wording of a total: exact, or past the server's exact-count limit "about" a rounded estimate. */
const totalText = ({ total: n, totalIsCapped }: ApiSearch) => {
  if (!totalIsCapped) return `${n.toLocaleString('en')} crew`;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return `about ${(Math.round(n / magnitude) * magnitude).toLocaleString('en')} crew`;
};
const hrefs = (links: Locator) => links.evaluateAll((all) => all.map((link) => link.getAttribute('href')));

test.describe('Search', () => {
  test('typing in the home search bar suggests people and roles; submitting opens the results @phone', async ({
    page,
  }) => {
    const [person] = await topRated(page, 1);
    if (!person) throw new Error('The demo data should have rated crew');
    const name = nameOf(person);
    await page.goto('/');
    const box = page.locator('#hero-section').getByRole('combobox', { name: SEARCH_BOX });
    await box.fill(name);
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(suggestions.getByRole('option', { name: new RegExp(name) }).first()).toBeVisible();

    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(name);
    await expect(page.getByRole('combobox', { name: SEARCH_BOX })).toHaveValue(name);
    await expect(resultLinks(page).first()).toHaveText(name);
    await expect(resultLinks(page).first()).toHaveAttribute('href', `/profile/${person.id}`);
  });

  test('the suggestion list works from the keyboard: a crew shorthand finds its role', async ({ page }) => {
    const cinematographer = (await fetchRolesWithCounts(page)).find((r) => r.name === 'Cinematographer');
    await page.goto('/');
    const box = page.getByRole('combobox', { name: SEARCH_BOX });
    await box.fill('dp');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    const roleOption = suggestions.getByRole('group', { name: 'Roles' }).getByRole('option');
    await expect(roleOption).toHaveText([/Cinematographer/]);
    // People come from the server after the pause.
    await expect(
      suggestions.getByRole('group', { name: 'People' }).getByRole('option').first(),
    ).toBeVisible();

    await box.press('ArrowDown');
    await expect(roleOption).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await roleOption.getAttribute('id')) ?? '');
    // Escape closes the list and keeps the text; arrows open it again.
    await box.press('Escape');
    await expect(suggestions).toBeHidden();
    await expect(box).toHaveValue('dp');
    await box.press('ArrowDown');
    await expect(suggestions).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?role=${cinematographer?.id}`);
    await expect(page.getByRole('button', { name: 'Remove filter: Cinematographer' })).toBeVisible();
  });

  test('a suggestion request the user has typed past is cancelled', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: SEARCH_BOX });
    // Hold the answer for "gaf" so the next text arrives while it is still in flight.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/search' && url.searchParams.get('q') === 'gaf',
      async (route) => {
        await held;
        await route.continue().catch(() => {});
      },
    );
    const stale = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === 'gaf');
    await box.fill('gaf');
    const staleRequest = await stale;
    const cancelled = page.waitForEvent('requestfailed', (r) => r === staleRequest);
    await box.fill('gaffer');
    await cancelled;
    release();
    const people = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('group', { name: 'People' });
    await expect(people.getByRole('option').first()).toContainText('Gaffer');
  });

  test('filtering by role and by location narrows the results and keeps them in the URL', async ({
    page,
  }) => {
    const gaffer = (await fetchRolesWithCounts(page)).find((r) => r.name === 'Gaffer');
    if (!gaffer) throw new Error('Gaffer is in the role catalogue');
    const gaffers = await apiSearch(page, `role=${gaffer.id}`);
    // A city where some gaffers work, taken from the data rather than guessed.
    const city = gaffers.results.find((p) => p.location)?.location?.split(',')[0];
    if (!city) throw new Error('Some demo gaffers should have a location');
    const inCity = await apiSearch(page, `role=${gaffer.id}&location=${encodeURIComponent(city)}`);
    expect(inCity.total).toBeGreaterThan(0);
    expect(inCity.total).toBeLessThan(gaffers.total);

    await page.goto('/search');
    await expect(resultLinks(page).first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Gaffer', exact: true }).click();
    await expect(page).toHaveURL(`/search?role=${gaffer.id}`);
    await expect(total(page)).toHaveText(totalText(gaffers));
    await expect.poll(() => hrefs(resultLinks(page))).toEqual(gaffers.results.map((p) => `/profile/${p.id}`));
    for (const card of await resultCards(page).all()) {
      await expect(card.getByRole('list', { name: /'s roles$/ })).toContainText('Gaffer');
    }

    const location = page.getByRole('textbox', { name: 'Location' });
    await location.fill(city);
    await location.press('Enter');
    await expect(page).toHaveURL(
      `/search?role=${gaffer.id}&location=${encodeURIComponent(city).replace(/%20/g, '+')}`,
    );
    await expect(total(page)).toHaveText(totalText(inCity));
    await expect.poll(() => hrefs(resultLinks(page))).toEqual(inCity.results.map((p) => `/profile/${p.id}`));
    for (const card of await resultCards(page).all()) await expect(card).toContainText(city);

    // Each filter shows as a chip that removes it; Back undoes the last change.
    await page.goBack();
    await expect(page).toHaveURL(`/search?role=${gaffer.id}`);
    await expect(total(page)).toHaveText(totalText(gaffers));
    await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('');
    await page.getByRole('button', { name: 'Remove filter: Gaffer' }).click();
    await expect(page).toHaveURL('/search');
  });

  test('opening a result and coming Back restores the results and the scroll position', async ({ page }) => {
    const all = await apiSearch(page, 'sort=rating');
    const target = all.results[11];
    if (!target) throw new Error('A page of results should hold at least 12 people');
    await page.goto('/search?sort=rating');
    const link = resultLinks(page).nth(11);
    await expect(link).toHaveText(nameOf(target));
    await link.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(400);

    await link.click();
    await expect(page).toHaveURL(`/profile/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: nameOf(target) })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL('/search?sort=rating');
    await expect(resultLinks(page).nth(11)).toHaveText(nameOf(target));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 5);
  });

  test('pages through the results with every page in the URL', async ({ page }) => {
    const [first, second] = [
      await apiSearch(page, 'sort=rating'),
      await apiSearch(page, 'sort=rating&page=2'),
    ];
    await page.goto('/search?sort=rating');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText(`Page 1 of ${first.pageCount}`)).toBeVisible();
    await expect(total(page)).toHaveText(totalText(first));
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/search?sort=rating&page=2');
    await expect.poll(() => hrefs(resultLinks(page))).toEqual(second.results.map((p) => `/profile/${p.id}`));
    const overlap = second.results.filter((p) => first.results.some((q) => q.id === p.id));
    expect(overlap).toEqual([]);
  });

  test('a misspelt name shows the corrected results and says so', async ({ page }) => {
    const people = await topRated(page);
    // Drop one letter from inside a long surname: still close enough to be recognised.
    const person = people.find((p) => (nameOf(p).split(' ').at(-1) ?? '').length >= 6) ?? people[0];
    if (!person) throw new Error('The demo data should have rated crew');
    const surname = nameOf(person).split(' ').at(-1) ?? '';
    const misspelt = surname.slice(0, 3) + surname.slice(4);
    const api = await apiSearch(page, `q=${encodeURIComponent(misspelt)}`);
    expect(api.correctedQuery?.toLowerCase()).toBe(surname.toLowerCase());

    await page.goto(`/search?q=${encodeURIComponent(misspelt)}`);
    await expect(page.getByText(/^Showing results for/)).toContainText(
      `Showing results for “${api.correctedQuery}”`,
    );
    await expect(page.getByText(`No crew matched “${misspelt}”.`)).toBeVisible();
    await expect(resultLinks(page).filter({ hasText: nameOf(person) })).toHaveCount(1);
  });

  test('a search that finds nobody suggests how to fix it', async ({ page }) => {
    await page.goto('/search?q=qqxxzzvv&location=Atlantis');
    await expect(page.getByText('No crew match “qqxxzzvv”')).toBeVisible();
    await expect(page.getByText('Check the spelling')).toBeVisible();
    await page.getByRole('button', { name: 'Clear all filters' }).last().click();
    await expect(page).toHaveURL('/search?q=qqxxzzvv');
  });

  test('a failed search shows an error with a retry that works', async ({ page }) => {
    let fail = true;
    await page.route(
      (url) => url.pathname === '/api/search' && url.searchParams.get('q') === 'editor',
      (route) =>
        fail
          ? route.fulfill({ status: 500, json: { error: { message: 'Search is resting' } } })
          : route.continue(),
    );
    // Opened directly, /search?q=editor arrives rendered by the server (ADR 022), whose requests
    // this route never sees; searching from the page asks from the browser.
    await page.goto('/search');
    const box = page.getByRole('combobox', { name: SEARCH_BOX });
    await box.fill('editor');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=editor');
    const alert = page.getByRole('alert').filter({ hasText: "We couldn't load this." });
    // Reads are retried on a 5xx before the page gives up.
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('Search is resting');
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(resultLinks(page).first()).toBeVisible();
  });

  test('Premium filters are shown but locked for a signed-out visitor', async ({ page }) => {
    await page.goto('/search');
    const advanced = page.getByRole('region', { name: 'Advanced filters' });
    await expect(advanced.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    await expect(advanced.getByLabel('Minimum rating')).toBeDisabled();
    await expect(advanced.getByLabel('Minimum reviews')).toBeDisabled();
    await expect(advanced.getByLabel('Years of experience')).toBeDisabled();
    await expect(advanced.getByRole('checkbox', { name: 'Has a portfolio' })).toBeDisabled();
    await expect(advanced.getByRole('checkbox', { name: 'Verified collaborations only' })).toBeDisabled();

    // A shared link that uses one is explained, not silently ignored, and can be run without it.
    await page.goto('/search?q=gaffer&minRating=4');
    const notice = page.getByRole('alert').filter({ hasText: 'This search uses Premium filters' });
    await expect(notice).toContainText('Premium');
    await notice.getByRole('button', { name: 'Search without them' }).click();
    await expect(page).toHaveURL('/search?q=gaffer');
    await expect(resultLinks(page).first()).toBeVisible();
  });

  test('has no serious accessibility violations on the results', async ({ page, axe }) => {
    // axe over twenty result cards and the 47-role filter takes seconds on a busy machine.
    test.slow();
    await page.goto('/search?q=gaffer');
    await expect(resultLinks(page).first()).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });

  test('has no serious accessibility violations with the suggestions open', async ({ page, axe }) => {
    // axe over twenty result cards and the 47-role filter takes seconds on a busy machine.
    test.slow();
    await page.goto('/search');
    await expect(resultLinks(page).first()).toBeVisible();
    await page.getByRole('combobox', { name: SEARCH_BOX }).fill('cinema');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(
      suggestions.getByRole('group', { name: 'People' }).getByRole('option').first(),
    ).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });

  test('has no serious accessibility violations in the empty state', async ({ page, axe }) => {
    await page.goto('/search?q=qqxxzzvv');
    await expect(page.getByText('No crew match “qqxxzzvv”')).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });
});

// A phone-width layout, run once in the desktop project (the phone project only takes @phone tests).
test.describe('Search on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('filters open from a button', async ({ page }) => {
    const gaffer = (await fetchRolesWithCounts(page)).find((r) => r.name === 'Gaffer');
    await page.goto('/search');
    const gafferBox = page.getByRole('checkbox', { name: 'Gaffer', exact: true });
    await expect(gafferBox).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    // A sheet (search-filters.spec.ts covers it whole); the page behind is inert while it is open.
    await gafferBox.click();
    await expect(page).toHaveURL(`/search?role=${gaffer?.id}`);
    await page.keyboard.press('Escape');
    await expect(resultLinks(page).first()).toBeVisible();
  });
});

test.describe('Search for a Premium member', () => {
  test('the advanced filters are enabled and narrow the results', async ({ page }) => {
    // The README's demo login is a Premium member; page.request shares the browser's cookies.
    const token = (await (await page.request.get('/api/csrf-token')).json()) as { csrfToken: string };
    const login = await page.request.post('/api/login', {
      headers: { 'CSRF-Token': token.csrfToken },
      data: { username: 'demo', password: 'crewbase-demo', _csrf: token.csrfToken },
    });
    expect(login.ok()).toBe(true);
    const api = await apiSearch(page, 'q=gaffer&minRating=4.5');

    await page.goto('/search?q=gaffer');
    await expect(resultLinks(page).first()).toBeVisible();
    const advanced = page.getByRole('region', { name: 'Advanced filters' });
    await expect(advanced.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
    const minRating = advanced.getByLabel('Minimum rating');
    await expect(minRating).toBeEnabled();
    await minRating.selectOption('4.5');
    await expect(page).toHaveURL('/search?q=gaffer&minRating=4.5');
    await expect(total(page)).toHaveText(totalText(api));
    await expect.poll(() => hrefs(resultLinks(page))).toEqual(api.results.map((p) => `/profile/${p.id}`));
    for (const person of api.results) expect(person.ratingAverage).toBeGreaterThanOrEqual(4.5);
    await expect(page.getByRole('button', { name: 'Remove filter: 4.5+ stars' })).toBeVisible();
    await expect(advanced.getByRole('checkbox', { name: 'Has a portfolio' })).toBeEnabled();
  });
});

test.describe('Preloads (SPEC §9)', () => {
  test('an idle /browse page fetches the /search code and the top-rated crew ahead of time', async ({
    page,
  }) => {
    const searchCode = page.waitForRequest((request) =>
      /\/assets\/search-page-[^/]*\.js$/.test(request.url()),
    );
    const topRatedData = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/users/top-rated',
    );
    await page.goto('/browse');
    // Neither is needed by /browse itself: only the idle preload asks for them (after 1.5 s).
    await Promise.all([searchCode, topRatedData]);
  });

  test('the auth dialog is fetched while the page is idle, and opens on the first click', async ({
    page,
  }) => {
    await page.goto('/browse');
    // Fetched as a module preload (not run) by the idle warm-up, before anyone asks for it.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).some((link) =>
            /\/assets\/auth-dialog-body-[^/]*\.js$/.test(link.href),
          ),
        ),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
  });
});
