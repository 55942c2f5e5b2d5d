import { expect, test } from './fixtures.ts';

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
    expect(html).toContain(`<h1>${name}</h1>`);
    for (const role of profile.roles) expect(html).toContain(role.name);
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

  test('opened in the browser, the app takes over the server-rendered page without errors', async ({
    page,
    axe,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // Expected noise, not errors of the page: the fixtures block service workers, and a visitor's
      // session check answers 401 (logged by the browser as a failed resource).
      const expected = /^(Service worker registration failed|Failed to load resource: .* 401)/;
      if (message.type() === 'error' && !expected.test(message.text())) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const profile = (await (await page.request.get(`/api/users/${DEMO_CREW_ID}`)).json()) as ApiProfile;
    const name = profile.displayName ?? profile.username;

    await page.goto(`/profile/${DEMO_CREW_ID}`);
    // The app's own profile (its role list and tabs) replaces the server's markup.
    await expect(page.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText(
      profile.roles.map((role) => role.name),
    );
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name })).toHaveCount(1);
    await expect(page).toHaveTitle(`${name} — ${profile.roles[0]?.name} | CrewBase`);
    await axe.expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
