import { readFileSync, writeFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { sitemapSchemaErrors } from '../../server/test/sitemap-schema.ts';
import { expect, test } from './fixtures.ts';

/** Issue 19: the footer's pages, the internal pages, the tour, /login and /register, sitemap.xml, the PWA. */

const FOOTER_PAGES = [
  { path: '/careers', h1: 'Careers at CrewBase' },
  { path: '/team', h1: 'The team' },
  { path: '/contact', h1: 'Contact us' },
  { path: '/blog', h1: 'The CrewBase blog' },
  { path: '/faq', h1: 'Frequently asked questions' },
  { path: '/support', h1: 'Support' },
  { path: '/testimonials', h1: 'What crew and productions say' },
  { path: '/sitemap', h1: 'Sitemap' },
  {
    path: '/blog/first-and-second-holds',
    h1: 'First and second holds, explained for crew who hate double-booking',
  },
];

const INTERNAL_PAGES = [
  { path: '/spinner-demo', h1: 'Spinner demo' },
  { path: '/seo-demo', h1: 'SEO demo' },
  { path: '/bundle-optimization', h1: 'Bundle optimization' },
  { path: '/performance-baseline', h1: 'Performance baseline' },
  { path: '/step2-analysis', h1: 'Step 2: code splitting' },
  { path: '/step3-analysis', h1: 'Step 3: preloading' },
  { path: '/step4-analysis', h1: 'Step 4: offline caching' },
  { path: '/step5-analysis', h1: 'Step 5: crawlability' },
  { path: '/step6-analysis', h1: 'Step 6: field measurements' },
  { path: '/test-metallic', h1: 'Metallic finish test' },
];

test.describe('Footer and internal pages', () => {
  test('every footer link lands on a real page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // The footer renders after the app has loaded: wait for its links before reading them.
    await expect(footer.locator('nav a')).toHaveCount(15);
    const hrefs = await footer
      .locator('nav a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // "API" leaves the app for the API reference (a page with no footer): api-docs.spec.ts follows it.
    expect(hrefs).toContain('/api/docs');
    for (const href of hrefs.filter((link) => link !== '/api/docs')) {
      await footer.locator(`nav a[href="${href}"]`).click();
      await expect(page).toHaveURL(href ?? '');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    }
  });

  for (const { path, h1 } of FOOTER_PAGES) {
    test(`${path} renders its content with no accessibility violations`, async ({ page, axe }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await axe.expectNoSeriousA11yViolations(page);
    });
  }

  for (const { path, h1 } of INTERNAL_PAGES) {
    test(`${path} is a noindex developer page with no accessibility violations`, async ({ page, axe }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      // Nothing left loading, except the spinners the spinner demo shows on purpose.
      await expect(page.getByRole('status').filter({ hasText: /\.\.\.$/ })).toHaveCount(
        path === '/spinner-demo' ? 4 : 0,
      );
      await axe.expectNoSeriousA11yViolations(page);
    });
  }

  test('the bundle page shows the real chunks and first-load size from the build manifest', async ({
    page,
  }) => {
    const report = (await (await page.request.get('/bundle-report.json')).json()) as {
      chunks: { kind: string; file: string; gzip: number; css: { gzip: number }[] }[];
    };
    const entry = report.chunks.find((chunk) => chunk.kind === 'entry');
    expect(entry?.file).toMatch(/^assets\/index-.+\.js$/);
    // The entry's file is the one index.html loads.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain(`/${entry?.file}`);
    const firstLoad = report.chunks
      .filter((chunk) => chunk.kind === 'entry' || chunk.kind === 'initial')
      .reduce((sum, chunk) => sum + chunk.gzip + chunk.css.reduce((s, css) => s + css.gzip, 0), 0);

    await page.goto('/bundle-optimization');
    await expect(page.getByRole('cell', { name: 'Entry', exact: true })).toBeVisible();
    await expect(page.getByText('First load, JS + CSS (gzip)').locator('..')).toContainText(
      `${(firstLoad / 1024).toFixed(1)} kB`,
    );
  });
});

test.describe('Contact form', () => {
  test('shows the field messages, then sends and says so', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Please tell us your name')).toBeVisible();
    await expect(form.getByText('Please enter a valid email')).toBeVisible();
    await expect(form.getByText('Message must be at least 20 characters')).toBeVisible();

    await form.getByLabel('Your name').fill('Rosa Delgado');
    await form.getByLabel('Email').fill('rosa@example.com');
    await form.getByLabel('Topic').selectOption({ label: 'Billing and Premium' });
    await form.getByLabel('Message').fill('Can a production company pay Premium for five crew members?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'your message is on its way' })).toBeVisible();
  });
});

test.describe('FAQ', () => {
  test('filters as you type and publishes FAQPage structured data', async ({ page }) => {
    await page.goto('/faq');
    const questions = page.locator('details');
    // count() does not wait: the page renders its questions with its heading, so wait for both.
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(questions.first()).toBeVisible();
    const all = await questions.count();
    expect(all).toBeGreaterThan(8);
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(jsonLd ?? '') as {
      '@type': string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.length).toBe(all);
    expect(data.mainEntity[0]?.acceptedAnswer.text.length).toBeGreaterThan(20);

    await page.getByLabel('Search the questions').fill('second hold');
    await expect(questions).toHaveCount(1);
    await expect(questions.first()).toContainText(
      'What is the difference between a first and a second hold?',
    );
    await page.getByLabel('Search the questions').fill('zeppelin');
    await expect(page.getByText('No question matches "zeppelin".')).toBeVisible();
  });
});

test.describe('Login and register routes', () => {
  test('/login and /register open their modals over the home page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
    await expect(page.locator('#hero-section')).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL('/');

    await page.goto('/register');
    await expect(page.getByRole('dialog', { name: 'Join CrewBase' })).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toBeVisible();
  });
});

test.describe('sitemap.xml and robots.txt', () => {
  test("the sitemap validates against the protocol's schema and lists the site", async ({ page }) => {
    const response = await page.request.get('/sitemap.xml');
    expect(response.headers()['content-type']).toContain('application/xml');
    const xml = await response.text();
    expect(await sitemapSchemaErrors(xml, 'urlset')).toEqual([]);
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' });
    const doc = parser.parse(xml, true);
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = doc.urlset.url as { loc: string; lastmod?: string }[];
    const origin = new URL(urls[0]?.loc ?? '').origin;
    const paths = urls.map((url) => new URL(url.loc).pathname + new URL(url.loc).search);
    for (const path of ['/', '/faq', '/careers', '/blog/building-a-crew-sheet', '/browse?role=1']) {
      expect(paths).toContain(path);
    }
    const profiles = urls.filter((url) => /\/profile\/\d+$/.test(url.loc));
    expect(profiles.length).toBeGreaterThanOrEqual(500);
    for (const profile of profiles.slice(0, 20)) expect(Date.parse(profile.lastmod ?? '')).not.toBeNaN();
    for (const url of urls) expect(url.loc.startsWith(origin)).toBe(true);

    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

test.describe('Guided tour', () => {
  test.use({ tourSeen: false });

  test('shows the first tip on a first visit, the next after Got it, and none once seen', async ({
    page,
  }) => {
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: 'Welcome to CrewBase' });
    await expect(welcome).toBeVisible();
    await expect(welcome.getByRole('button', { name: 'Got it' })).toBeFocused();
    // The tip stays hidden at the window's corner until Floating UI has placed it, a frame after it
    // opens: the box is read once it is on screen.
    await expect.poll(async () => (await welcome.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    const box = await welcome.boundingBox();
    expect(box?.width).toBe(320);
    const viewport = page.viewportSize();
    expect(box?.x).toBeGreaterThanOrEqual(5);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((viewport?.width ?? 0) - 5);

    await welcome.getByRole('button', { name: 'Got it' }).click();
    await expect(welcome).toBeHidden();
    const search = page.getByRole('dialog', { name: 'Search crew' });
    await expect(search).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tooltip_seen_welcome'))).toBe('true');

    // Escape dismisses too; a reload shows the next unseen tip, never a seen one.
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Browse by role' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Welcome to CrewBase' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Close tip' }).click();
    await expect(page.getByRole('dialog', { name: 'Browse by role' })).toBeHidden();
    await page.reload();
    await expect(page.locator('#hero-section')).toBeVisible();
    await expect(page.locator('[data-tour-tip]')).toHaveCount(0);

    // The footer's "Replay the tour" clears every marker and starts again.
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Replay the tour' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('dialog', { name: 'Welcome to CrewBase' })).toBeVisible();
  });

  test('Escape in a menu opened over a tip closes the menu and leaves the tip', async ({ page }) => {
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: 'Welcome to CrewBase' });
    await expect(welcome.getByRole('button', { name: 'Got it' })).toBeFocused();
    await page.getByRole('button', { name: /^Theme:/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(welcome).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tooltip_seen_welcome'))).toBeNull();
    // With the menu gone, Escape is the tip's again.
    await welcome.getByRole('button', { name: 'Got it' }).focus();
    await page.keyboard.press('Escape');
    await expect(welcome).toBeHidden();
  });

  test('never covers an open modal, and Skip tour ends it', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
    await expect(page.locator('[data-tour-tip]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    const welcome = page.getByRole('dialog', { name: 'Welcome to CrewBase' });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: 'Skip tour' }).click();
    await expect(page.locator('[data-tour-tip]')).toHaveCount(0);
    const seen = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('tooltip_seen_')),
    );
    expect(seen.length).toBe(6);
  });
});

test.describe('Installable app and service worker', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ serviceWorkers: 'allow' });

  const controlled = async (page: import('@playwright/test').Page) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A worker controls the pages loaded after it activated.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  };

  test('the manifest has store icons and shortcuts; /sw.js is revalidated', async ({ page }) => {
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      icons: { sizes: string; purpose: string }[];
      shortcuts: { url: string }[];
    };
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/search', '/notifications']);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/apple-touch-icon.png']) {
      expect((await page.request.get(icon)).headers()['content-type']).toBe('image/png');
    }
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  test('a profile seen once reads offline; a page never opened shows the offline page', async ({
    page,
    context,
  }) => {
    await controlled(page);
    await page.goto('/profile/2');
    const name = page.getByRole('heading', { level: 1 });
    await expect(name).not.toBeEmpty();
    const who = await name.textContent();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: who ?? '' })).toBeVisible();
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
  });

  test('a new deployment asks before reloading, and Reload brings the new worker in', async ({ page }) => {
    const swFile = 'dist/client/sw.js';
    const original = readFileSync(swFile, 'utf8');
    await controlled(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Half a message, in the middle of typing');
    try {
      // A deploy: the server now answers a different /sw.js; the browser's update check finds it.
      writeFileSync(swFile, `${original}\n// deployed ${Date.now()}\n`);
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = page.getByRole('region', { name: 'Update available' });
      await expect(prompt.getByText('New content available! Refresh to update?')).toBeVisible();
      // It waits: nothing reloaded, the half-typed message is still there.
      await expect(message).toHaveValue('Half a message, in the middle of typing');

      await prompt.getByRole('button', { name: 'Reload' }).click();
      await expect(prompt).toBeHidden();
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.waiting === null && registration.active !== null;
          }),
        )
        .toBe(true);
      await expect(message).toHaveValue('');
    } finally {
      writeFileSync(swFile, original);
    }
  });
});
