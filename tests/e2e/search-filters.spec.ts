import { devices, type Page } from '@playwright/test';
import { expect, fetchRolesWithCounts, TOUR_TIP_IDS, test } from './fixtures.ts';

// Issue 33 (filters apply as you type or choose; a sheet on a phone) and issue 34 (search forms are
// real GET forms to /search, so they work before the app has started or without JavaScript).

interface ApiSearch {
  results: { id: number; location: string | null }[];
  total: number;
  totalIsCapped: boolean;
}

const SEARCH_BOX = 'Search crew by name, role or skill';

async function apiSearch(page: Page, query: string): Promise<ApiSearch> {
  const response = await page.request.get(`/api/search?${query}`);
  expect(response.ok(), `GET /api/search?${query}`).toBe(true);
  return (await response.json()) as ApiSearch;
}

async function gafferRole(page: Page) {
  const gaffer = (await fetchRolesWithCounts(page)).find((role) => role.name === 'Gaffer');
  if (!gaffer) throw new Error('Gaffer is in the role catalogue');
  return gaffer;
}

/** A city some of these results are in, taken from the data rather than guessed. */
function cityOf(search: ApiSearch): string {
  const city = search.results.find((person) => person.location)?.location?.split(',')[0];
  if (!city) throw new Error('Some demo crew should have a location');
  return city;
}

const resultLinks = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('link');
const total = (page: Page) => page.getByTestId('result-total');
const crewTotal = (search: ApiSearch) => `${search.total.toLocaleString('en')} crew`;
const showResults = ({ total: n }: ApiSearch) =>
  `Show ${n.toLocaleString('en')} ${n === 1 ? 'result' : 'results'}`;
const hrefs = (page: Page) =>
  resultLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
const paramsOf = (page: Page) => new URL(page.url()).searchParams;

test.describe('Search filters on a desktop', () => {
  test('typing a location applies it once typing pauses, without Enter, as one step of history', async ({
    page,
  }) => {
    const gaffer = await gafferRole(page);
    const gaffers = await apiSearch(page, `role=${gaffer.id}`);
    const city = cityOf(gaffers);
    const inCity = await apiSearch(page, `role=${gaffer.id}&location=${encodeURIComponent(city)}`);
    expect(inCity.total).toBeLessThan(gaffers.total);

    await page.goto(`/search?role=${gaffer.id}`);
    await expect(total(page)).toHaveText(crewTotal(gaffers));
    const location = page.getByRole('textbox', { name: 'Location' });
    // Part of the name first: once the pause has passed the search runs with it…
    await location.pressSequentially(city.slice(0, 3));
    await expect.poll(() => paramsOf(page).get('location')).toBe(city.slice(0, 3));
    await expect(location).toBeFocused();
    // …then the rest: the address follows (replacing, not adding, a history entry).
    await location.pressSequentially(city.slice(3));
    await expect.poll(() => paramsOf(page).get('location')).toBe(city);
    await expect(total(page)).toHaveText(crewTotal(inCity));
    await expect.poll(() => hrefs(page)).toEqual(inCity.results.map((person) => `/profile/${person.id}`));
    await expect(location).toHaveValue(city);
    await expect(page.getByRole('button', { name: `Remove filter: ${city}` })).toBeVisible();

    // One Back undoes the whole typed location, and the field follows the address.
    await page.goBack();
    await expect(page).toHaveURL(`/search?role=${gaffer.id}`);
    await expect(location).toHaveValue('');
    await expect(total(page)).toHaveText(crewTotal(gaffers));
  });

  test('choosing a category applies at once; the filters are a GET form named as the address', async ({
    page,
    axe,
  }) => {
    test.slow();
    const production = await apiSearch(page, 'q=gaffer&category=production');
    await page.goto('/search?q=gaffer');
    const form = page.getByRole('complementary', { name: 'Filters' }).locator('form');
    await expect(form).toHaveAttribute('action', '/search');
    await expect(form).toHaveAttribute('method', 'get');
    await expect(form.locator('input[name="location"]')).toHaveCount(1);
    await expect(form.locator('select[name="category"]')).toHaveCount(1);
    await expect(form.locator('input[type="checkbox"][name="role"]').first()).toBeAttached();
    await expect(form.locator('input[type="hidden"][name="q"]')).toHaveValue('gaffer');
    // The app is running: the native "Apply filters" button is not needed, and not shown.
    await expect(form.getByRole('button', { name: 'Apply filters' })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Category' }).selectOption('production');
    await expect(page).toHaveURL('/search?q=gaffer&category=production');
    await expect(total(page)).toHaveText(crewTotal(production));
    await axe.expectNoSeriousA11yViolations(page);
  });
});

// Pinned to the phone, so the desktop project (which runs every spec) runs it as a phone too.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];

test.describe('Search filters on a phone', () => {
  test.use(pixel7);

  test('the results come first, and "Filters (2)" opens a sheet whose changes apply at once @phone', async ({
    page,
    axe,
  }) => {
    test.slow();
    const gaffer = await gafferRole(page);
    const chosen = await apiSearch(page, `role=${gaffer.id}&category=production`);
    const city = cityOf(chosen);
    const inCity = await apiSearch(
      page,
      `role=${gaffer.id}&category=production&location=${encodeURIComponent(city)}`,
    );

    await page.goto(`/search?role=${gaffer.id}&category=production`);
    await expect(total(page)).toHaveText(crewTotal(chosen));
    // The first result is on the first screen; the filters are not on the page until asked for.
    const viewport = page.viewportSize();
    const firstResult = await resultLinks(page).first().boundingBox();
    expect(firstResult).not.toBeNull();
    expect((firstResult?.y ?? 0) + (firstResult?.height ?? 0)).toBeLessThan(viewport?.height ?? 0);
    await expect(page.getByRole('textbox', { name: 'Location' })).toBeHidden();

    const trigger = page.getByRole('button', { name: 'Filters (2)', exact: true });
    await trigger.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('checkbox', { name: 'Gaffer', exact: true })).toBeChecked();
    const show = sheet.getByRole('button', { name: /^Show .* results?$/ });
    await expect(show).toHaveText(showResults(chosen));

    // Focus stays in the sheet: from its first control, Shift+Tab goes round to its last.
    const close = sheet.getByRole('button', { name: 'Close filters' });
    await close.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(show).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();

    // Typing a location applies it without Enter; the results behind and the count follow.
    await sheet.getByRole('textbox', { name: 'Location' }).fill(city);
    await expect.poll(() => paramsOf(page).get('location')).toBe(city);
    await expect(show).toHaveText(showResults(inCity));
    await axe.expectNoSeriousA11yViolations(page);

    // Escape closes it; focus goes back to the button, which now counts three filters.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    const updated = page.getByRole('button', { name: 'Filters (3)', exact: true });
    await expect(updated).toBeFocused();
    await expect(total(page)).toHaveText(crewTotal(inCity));

    // A choice applies at once too; "Show N results" closes the sheet on the results.
    await updated.click();
    // A click, not uncheck(): the box follows the address, which the router updates in a transition.
    await sheet.getByRole('checkbox', { name: 'Gaffer', exact: true }).click();
    await expect.poll(() => paramsOf(page).getAll('role')).toEqual([]);
    await sheet.getByRole('button', { name: /^Show .* results?$/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (2)', exact: true })).toBeVisible();
  });
});

test.describe('Search forms without JavaScript', () => {
  test('searching from home lands on /search?q=… with the server-rendered results', async ({
    browser,
    baseURL,
  }) => {
    const gaffers = await (async () => {
      const context = await browser.newContext({ baseURL });
      const response = await context.request.get('/api/search?q=gaffer');
      const body = (await response.json()) as ApiSearch;
      await context.close();
      return body;
    })();
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const box = page.locator('#hero-section').getByRole('combobox', { name: SEARCH_BOX });
      await box.fill('gaffer');
      await box.press('Enter');
      await expect(page).toHaveURL('/search?q=gaffer');
      await expect(page.getByRole('heading', { level: 1, name: 'Search Crew' })).toBeVisible();
      await expect(total(page)).toHaveText(crewTotal(gaffers));
      await expect.poll(() => hrefs(page)).toEqual(gaffers.results.map((person) => `/profile/${person.id}`));

      // The filters are a form too: tick a role and apply; the words go with it.
      const gaffer = await gafferRole(page);
      const filters = page.getByRole('complementary', { name: 'Filters' });
      await filters.getByRole('checkbox', { name: 'Gaffer', exact: true }).check();
      await filters.getByRole('textbox', { name: 'Location' }).fill('Atlanta');
      await filters.getByRole('button', { name: 'Apply filters' }).click();
      await expect.poll(() => paramsOf(page).get('q')).toBe('gaffer');
      expect(paramsOf(page).getAll('role')).toEqual([String(gaffer.id)]);
      expect(paramsOf(page).get('location')).toBe('Atlanta');
      await expect(page.getByRole('button', { name: 'Remove filter: Atlanta' })).toBeVisible();

      // New words from the search page keep the filters in use.
      const searchBox = page.getByRole('combobox', { name: SEARCH_BOX });
      await searchBox.fill('electric');
      await searchBox.press('Enter');
      await expect.poll(() => paramsOf(page).get('q')).toBe('electric');
      expect(paramsOf(page).getAll('role')).toEqual([String(gaffer.id)]);
      expect(paramsOf(page).get('location')).toBe('Atlanta');
    } finally {
      await context.close();
    }
  });

  test('on a phone the Filters button shows the same form in place @phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...pixel7, baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/search?q=gaffer&category=production');
      await expect(resultLinks(page).first()).toBeVisible();
      const location = page.getByRole('textbox', { name: 'Location' });
      await expect(location).toBeHidden();
      await page.getByRole('link', { name: 'Filters (1)', exact: true }).click();
      await expect(location).toBeVisible();
      await location.fill('Atlanta');
      await location.press('Enter');
      await expect.poll(() => paramsOf(page).get('location')).toBe('Atlanta');
      expect(paramsOf(page).get('q')).toBe('gaffer');
      expect(paramsOf(page).get('category')).toBe('production');
    } finally {
      await context.close();
    }
  });
});

test.describe('Search forms before the app has started', () => {
  test('words typed and a role ticked before the start are what the app then searches for', async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    await context.addInitScript((ids) => {
      for (const id of ids) window.localStorage.setItem(`tooltip_seen_${id}`, 'true');
    }, TOUR_TIP_IDS);
    try {
      const page = await context.newPage();
      const gaffer = await gafferRole(page);
      // The app's start script (ADR 022) is held back until the form has been used.
      const holdApp = async () => {
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        return async () => {
          release();
          await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
          await page.unrouteAll({ behavior: 'ignoreErrors' });
        };
      };

      let start = await holdApp();
      await page.goto('/', { waitUntil: 'commit' });
      const box = page.locator('#hero-section').getByRole('combobox', { name: SEARCH_BOX });
      await box.fill('gaffer');
      await start();
      await expect(box).toHaveValue('gaffer');
      await box.press('Enter');
      await expect(page).toHaveURL('/search?q=gaffer');
      // A guard, not a measure: the route's code and the search load on a busy two-core machine.
      await expect(resultLinks(page).first()).toBeVisible({ timeout: 30_000 });

      start = await holdApp();
      await page.goto('/search?q=gaffer', { waitUntil: 'commit' });
      await page
        .getByRole('complementary', { name: 'Filters' })
        .getByRole('checkbox', { name: 'Gaffer', exact: true })
        .check();
      await start();
      await expect.poll(() => paramsOf(page).getAll('role')).toEqual([String(gaffer.id)]);
      expect(paramsOf(page).get('q')).toBe('gaffer');
      await expect(page.getByRole('button', { name: 'Remove filter: Gaffer' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
