import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CATALOGUE, ROLE_CATEGORIES } from '#common/roles';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { loadRoleCatalogue } from './service.ts';

describe('GET /api/roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('answers the 47 roles of the catalogue with category and icon, in catalogue order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles' });
    expect(res.statusCode).toBe(200);
    const roles = res.json();
    expect(roles).toHaveLength(47);
    expect(roles.map((r: { name: string }) => r.name)).toEqual(ROLE_CATALOGUE.map((r) => r.name));
    expect(roles[0]).toEqual({
      id: expect.any(Number),
      name: 'Director',
      category: 'pre-production',
      icon: 'clapperboard',
    });
    for (const category of ROLE_CATEGORIES) {
      expect(roles.some((r: { category: string }) => r.category === category)).toBe(true);
    }
    expect(Object.keys(roles[0]).sort()).toEqual(['category', 'icon', 'id', 'name']);
  });

  it('is cacheable for 300 seconds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends the same catalogue %s-compressed to a browser that accepts it',
    async (encoding, decode) => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/roles' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/roles',
        headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    },
  );

  it('is served from memory without a rate limit: a page load never waits on it', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 320; i++)
      statuses.add(
        (await t.app.inject({ method: 'GET', url: '/api/roles', remoteAddress: '10.9.9.9' })).statusCode,
      );
    expect([...statuses]).toEqual([200]);
    // Other reads are limited (300 a minute per network).
    const counts = new Set<number>();
    for (let i = 0; i < 305; i++)
      counts.add(
        (await t.app.inject({ method: 'GET', url: '/api/roles/crew-counts', remoteAddress: '10.9.9.8' }))
          .statusCode,
      );
    expect(counts.has(429)).toBe(true);
  });

  it('loads the catalogue idempotently: loading it again changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/roles' })).json();
    await loadRoleCatalogue(t.db);
    await loadRoleCatalogue(t.db);
    const after = (await t.app.inject({ method: 'GET', url: '/api/roles' })).json();
    expect(after).toEqual(before);
  });

  it('counts crew per role for the browse page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles/crew-counts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counts: {} });
  });
});
