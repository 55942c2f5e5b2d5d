import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

/** The CSRF token for a write made with `request` (a page's API context). */
export async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

/**
 * A new producer made Premium through the demo checkout, in a browser context of its own. Not the
 * seeded demo account: other specs count what the demo account has unread.
 */
export async function signInAsProducer(browser: Browser, options = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  const username = `prod${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let token = await csrf(page.request);
  const res = await page.request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
  });
  expect(res.status()).toBe(201);
  token = await csrf(page.request);
  const checkout = await page.request.post('/api/subscription/checkout', {
    headers: { 'CSRF-Token': token },
    data: { plan: 'monthly', _csrf: token },
  });
  expect(checkout.ok()).toBe(true);
  const session = new URL((await checkout.json()).url, 'http://x').searchParams.get('session');
  token = await csrf(page.request);
  const paid = await page.request.post('/api/subscription/demo/complete', {
    headers: { 'CSRF-Token': token },
    data: { session, _csrf: token },
  });
  expect(paid.ok()).toBe(true);
  return page;
}
