import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKENS_MAX,
  type AccessToken,
  type CreatedAccessToken,
} from '#common/schemas/access-tokens';
import { personalAccessTokens, securityEvents, users } from '#server/db/schema/index.ts';
import { member } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** Issue 37: personal access tokens, each rule as the abuser's request (ADR 032). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Member = Awaited<ReturnType<typeof member>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

async function create(who: Member, body: Record<string, unknown>): Promise<CreatedAccessToken> {
  const res = await who.browser.request('POST', '/api/account/tokens', { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const readToken = (who: Member) => create(who, { name: 'Reader', scopes: ['read'] });
const writeToken = (who: Member) => create(who, { name: 'Writer', scopes: ['read', 'write'] });

/** A script's call: the token and nothing else, no cookie, no CSRF token. */
function bearer(
  token: string,
  method: Method,
  url: string,
  options: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    ...(options.body ? { payload: options.body } : {}),
  });
}

function expectRefused(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ error: { message, timestamp: expect.any(String) } });
}

const eventsOf = (userId: number, type: (typeof securityEvents.$inferSelect)['type']) =>
  t.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)));

describe('managing tokens', () => {
  it('shows the secret once, stores only its hash, and lists tokens without it', async () => {
    const owner = await member(t.db, t.app);
    const created = await create(owner, { name: '  Crew agent sync ', scopes: ['read'], expiresInDays: 30 });
    expect(created).toMatchObject({ name: 'Crew agent sync', scopes: ['read'], lastUsedAt: null });
    expect(created.token).toMatch(/^cb_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(`cb_pat_…${created.token.slice(-4)}`);
    expect(Date.parse(created.expiresAt ?? '') - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const [row] = await t.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, created.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const stored = await t.db.execute(
      sql`select count(*)::int as n from personal_access_tokens where row_to_json(personal_access_tokens)::text like ${`%${created.token.slice(7)}%`}`,
    );
    expect(stored.rows[0]).toEqual({ n: 0 });

    const list = await owner.browser.request('GET', '/api/account/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).not.toContain(created.token.slice(7));
    const tokens: AccessToken[] = list.json().tokens;
    expect(tokens).toEqual([
      {
        id: created.id,
        name: 'Crew agent sync',
        scopes: ['read'],
        hint: created.hint,
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
        lastUsedAt: null,
      },
    ]);

    // A use shows as lastUsedAt, written once however many calls follow within the minute.
    expect((await bearer(created.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await bearer(created.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const [used] = (await owner.browser.request('GET', '/api/account/tokens')).json().tokens;
    expect(used.lastUsedAt).not.toBeNull();
    expect(await eventsOf(owner.id, 'access_token_created')).toHaveLength(1);
    expect(await eventsOf(owner.id, 'access_token_used')).toHaveLength(1);
  });

  it('refuses names, scopes and expiries out of bounds, storing nothing', async () => {
    const owner = await member(t.db, t.app);
    for (const body of [
      { name: '', scopes: ['read'] },
      { name: 'x'.repeat(61), scopes: ['read'] },
      { name: 'W', scopes: ['write'] },
      { name: 'A', scopes: ['admin'] },
      { name: 'R', scopes: ['read', 'read'] },
      { name: 'N', scopes: [] },
      { name: 'E', scopes: ['read'], expiresInDays: 0 },
      { name: 'E', scopes: ['read'], expiresInDays: 367 },
      { name: 'E', scopes: ['read'], expiresInDays: 1.5 },
    ]) {
      const res = await owner.browser.request('POST', '/api/account/tokens', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const rows = await t.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, owner.id));
    expect(rows).toEqual([]);
  });

  it('keeps at most 10 per member, even when two arrive at 9', async () => {
    const owner = await member(t.db, t.app);
    for (let i = 0; i < ACCESS_TOKENS_MAX - 1; i++) await readToken(owner);
    const both = await Promise.all([
      owner.browser.request('POST', '/api/account/tokens', { body: { name: 'a', scopes: ['read'] } }),
      owner.browser.request('POST', '/api/account/tokens', { body: { name: 'b', scopes: ['read'] } }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expectRefused(
      both.find((res) => res.statusCode === 409) as LightMyRequestResponse,
      409,
      ACCESS_TOKEN_MESSAGES.limit,
    );
    const rows = await t.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, owner.id));
    expect(rows).toHaveLength(ACCESS_TOKENS_MAX);
    const eleventh = await owner.browser.request('POST', '/api/account/tokens', {
      body: { name: 'c', scopes: ['read'] },
    });
    expectRefused(eleventh, 409, ACCESS_TOKEN_MESSAGES.limit);
  });

  it("answers another member's token as not found, and leaves it working", async () => {
    const owner = await member(t.db, t.app);
    const other = await member(t.db, t.app);
    const token = await readToken(owner);
    const res = await other.browser.request('DELETE', `/api/account/tokens/${token.id}`);
    expectRefused(res, 404, ACCESS_TOKEN_MESSAGES.notFound);
    expect((await bearer(token.token, 'GET', '/api/auth/me')).json().id).toBe(owner.id);
  });

  it('revokes: the token then gets 401, and the revocation is logged', async () => {
    const owner = await member(t.db, t.app);
    const token = await writeToken(owner);
    expect((await bearer(token.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await owner.browser.request('DELETE', `/api/account/tokens/${token.id}`)).statusCode).toBe(204);
    const res = await bearer(token.token, 'GET', '/api/auth/me');
    expectRefused(res, 401, ACCESS_TOKEN_MESSAGES.invalid);
    expect(res.headers['www-authenticate']).toContain('Bearer');
    expect(await eventsOf(owner.id, 'access_token_revoked')).toHaveLength(1);
    expect((await owner.browser.request('DELETE', `/api/account/tokens/${token.id}`)).statusCode).toBe(404);
  });

  it('needs a signed-in browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/tokens' });
    expect(res.statusCode).toBe(401);
  });
});

describe('calling the API with a token', () => {
  it('authenticates as the member, without cookie or CSRF token', async () => {
    const owner = await member(t.db, t.app);
    const token = await writeToken(owner);
    const me = await bearer(token.token, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(owner.id);
    // An allowed write, no CSRF token: profile, days off, messages.
    const patched = await bearer(token.token, 'PATCH', `/api/users/${owner.id}`, {
      body: { bio: 'From a script' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const [row] = await t.db.select({ bio: users.bio }).from(users).where(eq(users.id, owner.id));
    expect(row?.bio).toBe('From a script');
    const days = await bearer(token.token, 'PUT', '/api/me/unavailable-days', { body: { days: [] } });
    expect(days.statusCode, days.body).toBe(204);
    expect((await bearer(token.token, 'GET', '/api/conversations')).statusCode).toBe(200);
    expect((await bearer(token.token, 'GET', '/api/search?q=gaffer')).statusCode).toBe(200);
  });

  it('refuses writes to a read-only token', async () => {
    const owner = await member(t.db, t.app);
    const token = await readToken(owner);
    expect((await bearer(token.token, 'GET', `/api/users/${owner.id}`)).statusCode).toBe(200);
    expect((await bearer(token.token, 'HEAD', '/api/auth/me')).statusCode).toBe(200);
    const res = await bearer(token.token, 'PATCH', `/api/users/${owner.id}`, { body: { bio: 'Nope' } });
    expectRefused(res, 403, ACCESS_TOKEN_MESSAGES.readOnly);
    expectRefused(
      await bearer(token.token, 'PUT', '/api/me/unavailable-days', { body: { days: [] } }),
      403,
      ACCESS_TOKEN_MESSAGES.readOnly,
    );
    const [row] = await t.db.select({ bio: users.bio }).from(users).where(eq(users.id, owner.id));
    expect(row?.bio).toBeNull();
  });

  it("keeps a write token to the member's own things", async () => {
    const owner = await member(t.db, t.app);
    const other = await member(t.db, t.app);
    const token = await writeToken(owner);
    const res = await bearer(token.token, 'PATCH', `/api/users/${other.id}`, { body: { bio: 'Hijacked' } });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select({ bio: users.bio }).from(users).where(eq(users.id, other.id));
    expect(row?.bio).toBeNull();
  });

  it('never reaches staff, account security, payments, or writes no one opened to tokens', async () => {
    const admin = await member(t.db, t.app, { role: 'admin' });
    const token = await writeToken(admin);
    const refused: [Method, string, Record<string, unknown>?][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/security/events'],
      ['POST', `/api/admin/users/${admin.id}/role`, { role: 'user' }],
      ['POST', '/api/account/password', { currentPassword: 'x', newPassword: 'gaffer-tape-43' }],
      ['POST', '/api/account/email', { email: 'new@example.com', currentPassword: 'x' }],
      ['POST', '/api/account/2fa/setup', {}],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions'],
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens', { name: 'Spawn', scopes: ['read', 'write'] }],
      ['DELETE', `/api/account/tokens/${token.id}`],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account', {}],
      ['GET', '/api/payments'],
      ['GET', '/api/subscription'],
      ['POST', '/api/subscription/checkout', { plan: 'monthly' }],
      ['GET', '/api/me/calendar-token'],
      ['POST', '/api/connections', { userId: admin.id }],
      ['POST', '/api/logout'],
      ['GET', '/api/csrf-token'],
    ];
    for (const [method, url, body] of refused) {
      const res = await bearer(token.token, method, url, body ? { body } : {});
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error.message, `${method} ${url}`).toBe(ACCESS_TOKEN_MESSAGES.notForTokens);
    }
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, admin.id));
    expect(row?.role).toBe('admin');
    const tokens = await t.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.userId, admin.id));
    expect(tokens).toHaveLength(1);
  });

  it('refuses expired, unknown and malformed tokens with 401', async () => {
    const owner = await member(t.db, t.app);
    const token = await readToken(owner);
    await t.db
      .update(personalAccessTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(personalAccessTokens.id, token.id));
    expectRefused(await bearer(token.token, 'GET', '/api/auth/me'), 401, ACCESS_TOKEN_MESSAGES.expired);
    expectRefused(
      await bearer(`cb_pat_${'A'.repeat(43)}`, 'GET', '/api/auth/me'),
      401,
      ACCESS_TOKEN_MESSAGES.invalid,
    );
    for (const credential of ['', 'abc', `cb_pat_${'A'.repeat(42)}`, `${token.token}x`, 'cb_pat_!!']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${credential}` },
      });
      expectRefused(res, 401, ACCESS_TOKEN_MESSAGES.malformed);
    }
    // A suspended member's token stops with them.
    const fresh = await readToken(owner);
    await t.db.update(users).set({ suspendedAt: sql`now()` }).where(eq(users.id, owner.id));
    expectRefused(await bearer(fresh.token, 'GET', '/api/auth/me'), 401, ACCESS_TOKEN_MESSAGES.invalid);
  });

  it('lets the token decide when a cookie comes with it', async () => {
    const cookieOwner = await member(t.db, t.app);
    const tokenOwner = await member(t.db, t.app);
    const read = await readToken(tokenOwner);
    const cookie = `${t.app.sessionCookieName}=${cookieOwner.token}`;
    const me = await bearer(read.token, 'GET', '/api/auth/me', { headers: { cookie } });
    expect(me.json().id).toBe(tokenOwner.id);
    // The cookie lends no session (nor CSRF pass) to a read-only token's write.
    const csrf = await cookieOwner.browser.token();
    const res = await bearer(read.token, 'PATCH', `/api/users/${cookieOwner.id}`, {
      body: { bio: 'Via cookie' },
      headers: { cookie, 'csrf-token': csrf },
    });
    expect(res.statusCode).toBe(403);
    const revoked = await bearer(`cb_pat_${'B'.repeat(43)}`, 'GET', '/api/auth/me', { headers: { cookie } });
    expect(revoked.statusCode).toBe(401);
  });
});

describe('CORS', () => {
  it('allows any origin for token calls only', async () => {
    const owner = await member(t.db, t.app);
    const token = await readToken(owner);
    const origin = 'https://scheduler.example';
    const withToken = await bearer(token.token, 'GET', '/api/auth/me', { headers: { origin } });
    expect(withToken.headers['access-control-allow-origin']).toBe('*');
    expect(withToken.headers['access-control-allow-credentials']).toBeUndefined();
    // Refusals are readable across origins too.
    const refused = await bearer(token.token, 'GET', '/api/payments', { headers: { origin } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBe('*');

    const withCookie = await owner.browser.request('GET', '/api/auth/me', { headers: { origin } });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the preflight of a call that carries a token, and no other', async () => {
    const preflight = (requestHeaders: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/users/1',
        headers: {
          origin: 'https://scheduler.example',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': requestHeaders,
        },
      });
    const ok = await preflight('authorization, content-type');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    expect(ok.headers['access-control-allow-methods']).toContain('PATCH');
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const cookieCall = await preflight('content-type, csrf-token');
    expect(cookieCall.statusCode).toBe(404);
    expect(cookieCall.headers['access-control-allow-origin']).toBeUndefined();
  });
});
