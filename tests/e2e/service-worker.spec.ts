import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { csrf } from './members.ts';

/*
 * The service worker (ADR 019, ADR 030): / is the server's page for a returning visitor, navigations
 * go to the network first with the offline page as the fallback, addresses with a token are never
 * kept, and signing out clears what was kept for the member.
 */
test.describe('Service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  // Each test installs a worker and loads pages through it: on a loaded machine, past the usual guard.
  test.beforeEach(() => test.slow());

  /** Opens / until the worker controls the page (a worker controls the pages loaded after it activated). */
  async function controlled(page: Page) {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  }

  /** Every address each runtime cache holds, by cache name (the build's precache left out). */
  const keptAddresses = (page: Page) =>
    page.evaluate(async () => {
      const kept: Record<string, string[]> = {};
      for (const name of await caches.keys()) {
        if (name.startsWith('workbox-precache')) continue;
        const cache = await caches.open(name);
        kept[name] = (await cache.keys()).map((request) => {
          const url = new URL(request.url);
          return url.pathname + url.search;
        });
      }
      return kept;
    });

  const pagesKept = async (page: Page) => (await keptAddresses(page)).pages ?? [];

  test('a returning visitor gets the server-rendered home page, not a precached shell', async ({ page }) => {
    await controlled(page);
    const response = await page.goto('/');
    expect(response?.fromServiceWorker()).toBe(true);
    const html = (await response?.text()) ?? '';
    // Only the server's page has the content in #root and the answers it was rendered from.
    expect(html).toContain('id="__QUERY_STATE__"');
    expect(html).toMatch(/<div id="root"><div/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The template is not in the precache at all.
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.startsWith('workbox-precache')) continue;
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(precached).toContain('/offline.html');
    expect(precached).not.toContain('/index.html');
  });

  test('navigations go to the network first; offline, a page seen shows from the cache, one never seen shows the offline page', async ({
    page,
    context,
  }) => {
    await controlled(page);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About CrewBase' })).toBeVisible();
    await expect.poll(() => pagesKept(page)).toContain('/about');

    await context.setOffline(true);
    try {
      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1, name: 'About CrewBase' })).toBeVisible();
      await page.goto('/faq');
      await expect(page).toHaveTitle('You are offline | CrewBase');
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    // Online again, the same address is the server's page.
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
  });

  test('an address with a token or a checkout session is never kept in the pages cache', async ({ page }) => {
    await controlled(page);
    const secret = [
      '/reset-password?token=reset-token-123',
      '/verify-email?token=verify-token-456',
      '/subscription/success?session_id=cs_test_789',
      '/subscription/demo-checkout?session=demo-session-000',
    ];
    for (const address of secret) {
      const response = await page.goto(address);
      expect(response?.fromServiceWorker()).toBe(true);
    }
    // A plain page opened after them is kept, so the worker has had its chance to keep them too.
    await page.goto('/about');
    await expect.poll(() => pagesKept(page)).toContain('/about');
    const kept = Object.values(await keptAddresses(page)).flat();
    for (const address of kept) expect(address).not.toMatch(/token|session/i);
  });

  test('signing out clears the pages and answers kept for the member', async ({ page }) => {
    const username = `sw${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const token = await csrf(page.request);
    const registered = await page.request.post('/api/register', {
      headers: { 'CSRF-Token': token },
      data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
    });
    expect(registered.status()).toBe(201);
    await controlled(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/profile/2');
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect
      .poll(async () => Object.values(await keptAddresses(page)).flat())
      .toEqual(expect.arrayContaining(['/dashboard', '/api/users/2']));
    expect(await page.evaluate(() => localStorage.getItem('crewbase-member'))).toBe('1');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
    const kept = Object.values(await keptAddresses(page)).flat();
    expect(kept).not.toContain('/dashboard');
    expect(kept.filter((address) => address.startsWith('/api/users/'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('crewbase-member'))).toBeNull();
  });

  test('a session ended elsewhere clears them at the next session check', async ({ page }) => {
    const username = `sx${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    let token = await csrf(page.request);
    const registered = await page.request.post('/api/register', {
      headers: { 'CSRF-Token': token },
      data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
    });
    expect(registered.status()).toBe(201);
    await controlled(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(async () => Object.values(await keptAddresses(page)).flat()).toContain('/dashboard');

    // Another tab (here the API directly) ends the session; this tab's next load finds it ended.
    token = await csrf(page.request);
    const out = await page.request.post('/api/logout', {
      headers: { 'CSRF-Token': token },
      data: { _csrf: token },
    });
    expect(out.ok()).toBe(true);
    await page.goto('/about');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect
      .poll(async () => Object.values(await keptAddresses(page)).flat())
      .not.toContain('/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('crewbase-member'))).toBeNull();
  });
});
