import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDemoCrew } from '#server/db/seed/insert-crew.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/browse/crew', () => {
  let t: TestApp;
  let busiestRole: { roleId: number; crew: number };
  beforeAll(async () => {
    t = await createTestApp();
    await insertDemoCrew(t.db, 300, 0);
    const { rows } = await t.db.execute<{ role_id: number; crew: number }>(
      sql`select role_id, count(*)::int as crew from user_roles group by role_id order by crew desc, role_id limit 1`,
    );
    const [top] = rows;
    if (!top) throw new Error('the demo crew should have roles');
    busiestRole = { roleId: top.role_id, crew: top.crew };
  });

  it('lists the crew of a role with their roles, and the total', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/browse/crew?role=${busiestRole.roleId}&limit=5`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(busiestRole.crew);
    expect(body.role.id).toBe(busiestRole.roleId);
    expect(body.crew).toHaveLength(5);
    for (const person of body.crew) {
      expect(person.roles.map((r: { id: number }) => r.id)).toContain(busiestRole.roleId);
      expect(person).not.toHaveProperty('email');
      expect(person).not.toHaveProperty('passwordHash');
    }
  });

  it('pages through the crew without repeating anyone', async () => {
    const seen = new Set<number>();
    const pages = Math.ceil(busiestRole.crew / 4);
    for (let page = 1; page <= pages; page++) {
      const body = (
        await t.app.inject({
          method: 'GET',
          url: `/api/browse/crew?role=${busiestRole.roleId}&limit=4&page=${page}`,
        })
      ).json();
      for (const person of body.crew) seen.add(person.id);
    }
    expect(seen.size).toBe(busiestRole.crew);
  });

  it('answers the counts the browse page shows next to each role', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/roles/crew-counts' })).json();
    expect(body.counts[String(busiestRole.roleId)]).toBe(busiestRole.crew);
  });

  it('answers 404 for a role that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/browse/crew?role=9999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Role not found');
  });

  it.each([
    ['role=abc', 'Choose a role'],
    ['', 'Choose a role'],
    ['role=1&page=0', 'Page must be 1 or more'],
    ['role=1&limit=1000', 'Limit must be at most 60'],
  ])('answers 400 with a clear message for ?%s', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/browse/crew?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });
});
