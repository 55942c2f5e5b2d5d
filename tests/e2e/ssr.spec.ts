import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Hydration waits for the page's route module and then the session check: on a busy machine (the
 * suite runs beside others on two cores) that has taken longer than the default 10 s.
 */
const HYDRATED = 30_000;

/** A demo crew member with roles, a bio and reviews (the deterministic demo crew). */
const DEMO_CREW_ID = 10;

interface ApiProfile {
  displayName: string | null;
  username: string;
  roles: { name: string }[];
  rating: { average: number; count: number };
}

test.describe('Server-rendered public profile', () => {
  test('the HTML, fetched without JavaScript, holds the name, the roles and JSON-LD that parses', async ({
    page,
  }) => {
    const profile = (await (await page.request.get(`/api/users/${DEMO_CREW_ID}`)).json()) as ApiProfile;
    const name = profile.displayName ?? profile.username;
    const response = await page.request.get(`/profile/${DEMO_CREW_ID}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    const html = await response.text();
    // The app's own markup, rendered by React on the server: the heading, the roles, the reviews.
    expect(html).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
    for (const role of profile.roles) expect(html).toContain(role.name);
    expect(html).toContain('id="reviews-heading"');
    // The answers it was rendered from, for the browser's first render; never the session check.
    const state = /<script type="application\/json" id="__QUERY_STATE__">([\s\S]*?)<\/script>/.exec(html);
    const keys = (JSON.parse(state?.[1] ?? '{}') as { queries: { queryKey: unknown[] }[] }).queries.map(
      (query) => query.queryKey[0],
    );
    expect(keys).toContain(`/api/users/${DEMO_CREW_ID}`);
    expect(keys).not.toContain('/api/auth/me');
    // No PUBLIC_URL in the browser tests: links point at the address the page was fetched from.
    const canonical = new URL(`/profile/${DEMO_CREW_ID}`, response.url()).href;
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);

    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
    );
    const person = blocks.find((block) => block['@type'] === 'Person');
    expect(person).toMatchObject({ name, jobTitle: profile.roles.map((role) => role.name) });
    if (profile.rating.count > 0)
      expect(person?.aggregateRating).toMatchObject({ reviewCount: profile.rating.count });
    expect(blocks.some((block) => block['@type'] === 'BreadcrumbList')).toBe(true);
  });

  test('an unknown profile answers 404 with the app, which shows its not-found message', async ({ page }) => {
    const response = await page.request.get('/profile/2147483000');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('<div id="root"></div>');
  });

  test('opened in the browser, the app hydrates the server-rendered page without errors', async ({
    page,
    axe,
  }) => {
    // axe over a whole profile page is slow on a busy machine.
    test.slow();
    const errors = collectErrors(page);
    const profile = (await (await page.request.get(`/api/users/${DEMO_CREW_ID}`)).json()) as ApiProfile;
    const name = profile.displayName ?? profile.username;

    await page.goto(`/profile/${DEMO_CREW_ID}`);
    await expect(page.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText(
      profile.roles.map((role) => role.name),
    );
    await expect(page.getByRole('heading', { level: 1, name })).toHaveCount(1);
    await expect(page).toHaveTitle(`${name} — ${profile.roles[0]?.name} | CrewBase`);
    // The header fills in the visitor after hydration: Log In appears where the loading state was.
    await expect(page.getByRole('button', { name: 'Log In' }).first()).toBeVisible({ timeout: HYDRATED });
    await axe.expectNoSeriousA11yViolations(page);
    // Hydrated, not replaced: a link navigates inside the app, without loading a new document.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse Crew' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Crew' })).toBeVisible();
    expect(documents).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('Start-up of a server-rendered page', () => {
  test('the page is painted before the app is fetched, and the app then takes it over', async ({ page }) => {
    const profile = (await (await page.request.get(`/api/users/${DEMO_CREW_ID}`)).json()) as ApiProfile;
    const name = profile.displayName ?? profile.username;
    const html = await (await page.request.get(`/profile/${DEMO_CREW_ID}`)).text();
    // No module script and no modulepreload link: the start script asks for them after the first paint.
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const entry = /<script src="\/assets\/start-\w+\.js" data-entry="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);

    // The app's entry is held back: what shows meanwhile is the server's page, painted.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${entry}`, async (route) => {
      await held;
      await route.continue();
    });
    const opened = page.goto(`/profile/${DEMO_CREW_ID}?tab=experience`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: /^Experience/ })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
      .toBe(1);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);

    release();
    await opened;
    const [paintedAt, entryAskedAt] = await page.evaluate(
      (url) => [
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        performance.getEntriesByName(new URL(url, window.location.href).href)[0]?.startTime ?? Number.NaN,
      ],
      entry as string,
    );
    expect(entryAskedAt).toBeGreaterThanOrEqual(paintedAt);
    // Hydrated: a tab switches in place, as the app does it.
    const tabs = page.getByRole('tablist', { name: 'Profile sections' });
    await tabs.getByRole('tab', { name: /^Credentials/ }).click();
    await expect(page.getByRole('tabpanel', { name: /^Credentials/ })).toBeVisible();
    await expect(page).toHaveURL(`/profile/${DEMO_CREW_ID}?tab=credentials`);
  });
});

/**
 * Errors the page logs, hydration mismatches among them (React reports those as uncaught errors,
 * #418 and #423 in a production build). Expected noise is left out: the fixtures block service
 * workers, and a visitor's session check answers 401 (logged by the browser as a failed resource).
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  const expected = /^(Service worker registration failed|Failed to load resource: .* 401)/;
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('Server-rendered home, browse and search', () => {
  test('their HTML holds their content without JavaScript', async ({ page }) => {
    const text = async (path: string) => {
      const response = await page.request.get(path);
      expect(response.status()).toBe(200);
      return response.text();
    };
    const roles = (await (await page.request.get('/api/roles')).json()) as { id: number; name: string }[];
    const gaffer = roles.find((role) => role.name === 'Gaffer');
    expect(gaffer).toBeDefined();

    const home = await text('/');
    expect(home).toMatch(/<h1[^>]*>Find the best film professionals/);
    expect(home).toContain('id="top-rated-heading"');
    expect(home).toContain('href="/profile/');

    const browse = await text(`/browse?role=${gaffer?.id}`);
    expect(browse).toMatch(/<h1[^>]*>Browse Crew<\/h1>/);
    expect(browse).toMatch(/<h2[^>]*>Gaffer<\/h2>/);
    expect(browse).toContain('href="/profile/');

    const search = await text('/search?q=gaffer');
    expect(search).toMatch(/<h1[^>]*>Search Crew<\/h1>/);
    expect(search).toContain('href="/profile/');
  });

  for (const path of ['/', '/browse?role=13', '/search?q=gaffer', '/faq']) {
    // axe runs on these pages in home, browse and search.spec.ts, and on the profile above.
    test(`${path} hydrates with no errors`, async ({ page }) => {
      test.slow();
      const errors = collectErrors(page);
      await page.goto(path);
      // Log In replaces the header's loading state once the app has hydrated and asked who is there.
      await expect(page.getByRole('button', { name: 'Log In' }).first()).toBeVisible({ timeout: HYDRATED });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});
