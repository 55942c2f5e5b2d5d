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

/**
 * A new crew member with one role, signed in on `request` (a page's or a context's): their id,
 * username, the role's id and the name others see until they set one (a fallback from the e-mail,
 * never the username). `prefix` starts the username, so a failing test's data says whose it is.
 */
export async function registerCrew(request: APIRequestContext, roleName: string, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let token = await csrf(request);
  const res = await request.post('/api/register', {
    headers: { 'CSRF-Token': token },
    data: { username, email: `${username}@example.com`, password: 'Cinematography-42', _csrf: token },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const roles = (await (await request.get('/api/roles')).json()) as { id: number; name: string }[];
  const roleId = roles.find((r) => r.name === roleName)?.id;
  if (roleId === undefined) throw new Error(`${roleName} is in the role catalogue`);
  token = await csrf(request);
  const role = await request.post(`/api/users/${id}/roles`, {
    headers: { 'CSRF-Token': token },
    data: { roleId, _csrf: token },
  });
  expect(role.ok()).toBe(true);
  const me = (await (await request.get('/api/auth/me')).json()) as { fallbackName: string };
  return { id, username, roleId, name: me.fallbackName };
}
