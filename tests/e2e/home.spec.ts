import { CATEGORY_LABELS, DEFAULT_TITLE, expect, fetchRolesWithCounts, test } from './fixtures.ts';

const FEATURED = [
  'Director',
  'Cinematographer',
  'Gaffer',
  'Sound Mixer',
  'Editor',
  'Colorist',
  'Lead Actress',
  'Producer',
];

test.describe('Home page', () => {
  test('shows the hero and searching from it opens the search page with the query kept @phone', async ({
    page,
  }) => {
    await page.goto('/');
    const hero = page.locator('#hero-section');
    await expect(hero).toBeVisible();
    await expect(
      hero.getByRole('heading', {
        level: 1,
        name: 'Find the best film professionals. Showcase your talent.',
      }),
    ).toBeVisible();
    await expect(page).toHaveTitle(DEFAULT_TITLE);

    const searchBox = hero.getByRole('combobox', { name: 'Search crew by name, role or skill' });
    await searchBox.fill('gaffer Atlanta');
    await hero.getByRole('button', { name: 'Search' }).click();

    await expect(page).toHaveURL(/\/search\?q=gaffer(\+|%20)Atlanta$/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('gaffer Atlanta');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Crew' })).toBeVisible();
    const searchPageBox = page.getByRole('combobox', { name: 'Search crew by name, role or skill' });
    await expect(searchPageBox).toHaveValue('gaffer Atlanta');
    await expect(page).toHaveTitle('“gaffer Atlanta” — Search | CrewBase');

    // A new search from the search page, submitted with Enter, replaces the query (trimmed).
    await searchPageBox.fill('  colorist Berlin  ');
    await searchPageBox.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=colorist/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('colorist Berlin');
    await expect(searchPageBox).toHaveValue('colorist Berlin');
  });

  test('featured roles show how many crew work in each', async ({ page }) => {
    test.slow();
    // The counts may be up to a minute old by design (the home page and the counts are cached), and
    // other tests sign up gaffers meanwhile: the page and the API agree once both have caught up.
    await expect(async () => {
      const roles = await fetchRolesWithCounts(page);
      await page.goto('/');
      const featured = page.getByRole('region', { name: 'Featured roles' });
      const cards = featured.getByRole('link');
      await expect(cards).toHaveCount(FEATURED.length);
      for (const [index, name] of FEATURED.entries()) {
        const role = roles.find((r) => r.name === name);
        expect(role, `role ${name} exists in /api/roles`).toBeDefined();
        if (!role) continue;
        const card = cards.nth(index);
        await expect(card).toHaveAttribute('href', `/browse?role=${role.id}`);
        await expect(card).toContainText(name);
        await expect(card).toContainText(CATEGORY_LABELS[role.category]);
        await expect(card).toContainText(`${role.count} crew`, { timeout: 2_000 });
      }
    }).toPass({ timeout: 150_000 });
  });

  test('browse-by-role lists every category and opens a role', async ({ page }) => {
    const roles = await fetchRolesWithCounts(page);
    const gaffer = roles.find((r) => r.name === 'Gaffer');
    expect(gaffer).toBeDefined();

    await page.goto('/');
    const browse = page.getByRole('navigation', { name: 'Browse crew by role' });
    await expect(browse).toHaveAttribute('id', 'browse-roles');
    await expect(browse.getByRole('heading', { level: 3 })).toHaveText([
      'Pre-production',
      'Production',
      'Post-production',
      'Cast',
    ]);
    await expect(browse.getByRole('link')).toHaveCount(roles.length);

    await browse.getByRole('link', { name: 'Gaffer', exact: true }).click();
    await expect(page).toHaveURL(`/browse?role=${gaffer?.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Gaffer', exact: true })).toBeVisible();
  });

  test('the top-rated strip shows the best-rated crew with their stars', async ({ page }) => {
    const response = await page.request.get('/api/users/top-rated?limit=8');
    expect(response.ok()).toBe(true);
    const { crew } = (await response.json()) as {
      crew: {
        id: number;
        username: string;
        displayName: string | null;
        fallbackName: string;
        ratingAverage: number;
        ratingCount: number;
      }[];
    };
    expect(crew.length).toBeGreaterThan(0);
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Top-rated crew' });
    const cards = strip.getByRole('listitem');
    await expect(cards).toHaveCount(crew.length);
    const hrefs = await cards
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(crew.map((person) => `/profile/${person.id}`));
    for (const [index, person] of crew.slice(0, 3).entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(person.displayName ?? person.fallbackName);
      await expect(
        card.getByRole('img', {
          name: `Rated ${(Math.round(person.ratingAverage * 10) / 10).toFixed(1)} out of 5 from ${person.ratingCount} ${person.ratingCount === 1 ? 'review' : 'reviews'}`,
        }),
      ).toBeVisible();
    }
    await strip.getByRole('link', { name: 'See all crew by rating' }).click();
    await expect(page).toHaveURL('/search?sort=rating');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
  });

  test('has no serious accessibility violations', async ({ page, axe }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Top-rated crew' }).getByRole('listitem')).toHaveCount(8);
    await expect(page.getByRole('region', { name: 'Featured roles' }).getByRole('link')).toHaveCount(8);
    await expect(
      page.getByRole('navigation', { name: 'Browse crew by role' }).getByRole('heading'),
    ).toHaveCount(4);
    await axe.expectNoSeriousA11yViolations(page);
  });
});
