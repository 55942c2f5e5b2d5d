import { DEFAULT_TITLE, expect, test } from './fixtures.ts';

declare global {
  interface Window {
    __crewbaseEvents?: string[];
  }
}

test.describe('Header navigation', () => {
  test('Home, Search, Browse Crew, Crew Calls, About and the logo open their pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Search', 'Browse Crew', 'Crew Calls', 'About']);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    const stops = [
      { link: 'Search', path: '/search', h1: 'Search Crew', title: 'Search Crew | CrewBase' },
      { link: 'Browse Crew', path: '/browse', h1: 'Browse Crew', title: 'Browse Crew | CrewBase' },
      { link: 'Crew Calls', path: '/calls', h1: 'Crew Calls', title: 'Crew Calls | CrewBase' },
      { link: 'About', path: '/about', h1: 'About CrewBase', title: 'About CrewBase | CrewBase' },
      {
        link: 'Home',
        path: '/',
        h1: 'Find the best film professionals. Showcase your talent.',
        title: DEFAULT_TITLE,
      },
    ];
    for (const stop of stops) {
      await nav.getByRole('link', { name: stop.link, exact: true }).click();
      await expect(page).toHaveURL(stop.path);
      await expect(page.getByRole('heading', { level: 1, name: stop.h1 })).toBeVisible();
      await expect(page).toHaveTitle(stop.title);
      await expect(nav.getByRole('link', { name: stop.link, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }

    // The logo is a way home too.
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await page.getByRole('banner').getByRole('link', { name: 'CrewBase home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('#hero-section')).toBeVisible();
  });

  test('Log In and Sign Up ask the page for the auth dialogs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      window.__crewbaseEvents = [];
      for (const name of ['crewbase:open-login', 'crewbase:open-register']) {
        window.addEventListener(name, (event) => window.__crewbaseEvents?.push(event.type));
      }
    });
    const header = page.getByRole('banner');

    await header.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.evaluate(() => window.__crewbaseEvents)).toEqual(['crewbase:open-login']);
    // The login modal answers; it covers the header until it is closed.
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await header.getByRole('button', { name: 'Sign Up' }).click();
    await expect
      .poll(() => page.evaluate(() => window.__crewbaseEvents))
      .toEqual(['crewbase:open-login', 'crewbase:open-register']);
  });
});

test.describe('Footer', () => {
  test('has the Company, Resources and Legal columns, a contact address and the copyright', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const column of ['Company', 'Resources', 'Legal']) {
      const nav = footer.getByRole('navigation', { name: column });
      await expect(nav.getByRole('heading', { level: 2, name: column })).toBeVisible();
      await expect(nav.getByRole('link').first()).toBeVisible();
    }
    await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link')).toHaveText([
      'Privacy Policy',
      'Terms of Service',
      'Cookie Policy',
      'GDPR',
    ]);

    const contact = footer.getByRole('link', { name: 'hello@crewbase.app' });
    await expect(contact).toHaveAttribute('href', 'mailto:hello@crewbase.app');

    const social = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(social).toHaveCount(5);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }

    const year = await page.evaluate(() => new Date().getFullYear());
    await expect(footer.getByText(`© ${year} CrewBase. All rights reserved.`)).toBeVisible();
  });

  const LEGAL_PAGES = [
    { link: 'Privacy Policy', path: '/privacy-policy', h1: 'Privacy Policy' },
    { link: 'Terms of Service', path: '/terms', h1: 'Terms of Service' },
    { link: 'Cookie Policy', path: '/cookies', h1: 'Cookie Policy' },
    { link: 'GDPR', path: '/gdpr', h1: 'Your GDPR Rights' },
  ];
  test('the Legal links open their full documents', async ({ page }) => {
    await page.goto('/');
    const legalNav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    const main = page.getByRole('main');
    for (const legal of LEGAL_PAGES) {
      await legalNav.getByRole('link', { name: legal.link, exact: true }).click();
      await expect(page).toHaveURL(legal.path);
      await expect(main.getByRole('heading', { level: 1, name: legal.h1 })).toBeVisible();
      await expect(page).toHaveTitle(`${legal.h1} | CrewBase`);
      await expect(main.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible();
      // A real document: several sections, each with a heading and prose.
      expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(3);
      expect((await main.getByRole('article').innerText()).length).toBeGreaterThan(1000);
      await expect(main.getByText('Page not found')).toHaveCount(0);
    }
  });
});

test.describe('Not found', () => {
  test('an unknown path is served the app, which shows "Page not found" and a way home', async ({ page }) => {
    const response = await page.goto('/this/does/not-exist');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('/this/does/not-exist', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | CrewBase');

    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('#hero-section')).toBeVisible();
    await expect(page).toHaveTitle(DEFAULT_TITLE);
  });

  test('an unknown API path answers 404 JSON', async ({ page }) => {
    const response = await page.request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = (await response.json()) as { error?: { message?: unknown; timestamp?: unknown } };
    expect(body.error?.message).toBe('No API endpoint GET /api/does-not-exist');
    expect(typeof body.error?.timestamp).toBe('string');
  });
});

test.describe('Accessibility', () => {
  test('/browse has no serious violations', async ({ page, axe }) => {
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Crew' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Roles' }).getByRole('heading')).toHaveCount(4);
    await axe.expectNoSeriousA11yViolations(page);
  });

  test('/about has no serious violations', async ({ page, axe }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About CrewBase' })).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });

  test('the not-found page has no serious violations', async ({ page, axe }) => {
    await page.goto('/this/does/not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await axe.expectNoSeriousA11yViolations(page);
  });
});
