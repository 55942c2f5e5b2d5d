import { beforeAll, expect, it } from 'vitest';
import { member } from '#server/features/notifications/test-support.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createAccessToken } from './access-tokens.ts';

/** Issue 37: each personal access token has a rate limit of its own (ADR 032). */
let t: TestApp;
beforeAll(async () => {
  // Reads: 300 a minute × 0.02 = 6.
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.02' });
});

it('counts each token on its own, apart from its member’s browser', async () => {
  const owner = await member(t.db, t.app);
  const meta = { ip: '10.9.9.9', ipPrefix: '10.9.9.9', userAgent: null };
  const first = await createAccessToken(t.db, owner.id, { name: 'One', scopes: ['read'] }, meta);
  const second = await createAccessToken(t.db, owner.id, { name: 'Two', scopes: ['read'] }, meta);
  const call = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  for (let i = 0; i < 6; i++) expect((await call(first.token)).statusCode).toBe(200);
  const refused = await call(first.token);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect(refused.headers['access-control-allow-origin']).toBe('*');
  expect((await call(second.token)).statusCode).toBe(200);
  expect((await owner.browser.request('GET', '/api/auth/me')).statusCode).toBe(200);
});
