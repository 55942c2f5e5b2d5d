import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { crewCalls, roles, users } from '#server/db/schema/index.ts';
import { account } from '#server/features/admin/test-support.ts';
import { clientShellDist, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let role: { id: number; name: string };
let posterId: number;

const HOSTILE = 'Grip </script><script>alert(1)</script> & “Co”';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function postCall(values: Partial<typeof crewCalls.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(crewCalls)
    .values({
      ownerId: posterId,
      title: 'Gaffer for a two-week indie feature',
      roleId: role.id,
      location: 'Atlanta, GA',
      startDate: day(30),
      endDate: day(43),
      currency: 'usd',
      rateUnit: 'day',
      rateMin: 45_000,
      rateMax: 60_000,
      description: 'Lighting a low-budget feature on location.',
      applyBy: day(20),
      ...values,
    })
    .returning({ id: crewCalls.id, createdAt: crewCalls.createdAt });
  return row as { id: number; createdAt: Date };
}

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1] ?? ''));
}

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

beforeAll(async () => {
  t = await createTestApp({ ...(await clientShellDist()), PUBLIC_URL: 'https://crewbase.test' });
  const [first] = await t.db.select({ id: roles.id, name: roles.name }).from(roles).limit(1);
  role = first as { id: number; name: string };
  const poster = await account(t.db, t.app);
  posterId = poster.id;
  await t.db.update(users).set({ displayName: 'Northlight Pictures' }).where(eq(users.id, posterId));
});

describe('/calls/{id} rendered on the server', () => {
  it('answers an open call with its head and a JobPosting Google can read', async () => {
    const call = await postCall();
    const res = await page(`/calls/${call.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Gaffer for a two-week indie feature — Crew Calls | CrewBase</title>');
    expect(html).toContain(`<link rel="canonical" href="https://crewbase.test/calls/${call.id}" />`);
    expect(html).toContain(`<meta property="og:url" content="https://crewbase.test/calls/${call.id}" />`);
    expect(html).not.toContain('name="robots"');
    // Without the client's server build, #root holds a readable summary.
    expect(html).toContain('data-server-rendered="call"');
    expect(html).toContain(`<a href="/profile/${posterId}">Northlight Pictures</a>`);

    const posting = jsonLdBlocks(html).find((block) => block['@type'] === 'JobPosting');
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Gaffer for a two-week indie feature',
      description: 'Lighting a low-budget feature on location.',
      identifier: { '@type': 'PropertyValue', name: 'CrewBase', value: String(call.id) },
      url: `https://crewbase.test/calls/${call.id}`,
      datePosted: call.createdAt.toISOString(),
      validThrough: `${day(20)}T23:59:59Z`,
      employmentType: 'CONTRACTOR',
      occupationalCategory: role.name,
      jobStartDate: day(30),
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Atlanta, GA' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 450, maxValue: 600, unitText: 'DAY' },
      },
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Northlight Pictures',
        sameAs: `https://crewbase.test/profile/${posterId}`,
      },
      directApply: true,
    });
  });

  it('escapes what the poster typed, in the head, the JSON-LD and #root', async () => {
    const call = await postCall({ title: HOSTILE, description: HOSTILE, rateMin: null, rateMax: null });
    const html = (await page(`/calls/${call.id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    const posting = jsonLdBlocks(html).find((block) => block['@type'] === 'JobPosting');
    expect(posting).toMatchObject({ title: HOSTILE, description: HOSTILE });
    expect(posting).not.toHaveProperty('baseSalary');
  });

  it.each([
    ['closed', { status: 'closed' as const, closedAt: new Date() }],
    ['filled', { status: 'filled' as const, closedAt: new Date() }],
    ['expired', { applyBy: day(-1), startDate: day(5), endDate: day(6) }],
    ['hidden', { hiddenAt: new Date() }],
  ])('answers a %s call 404 with noindex and nothing of the call', async (_name, values) => {
    const call = await postCall({ title: 'A call visitors may not see', ...values });
    const res = await page(`/calls/${call.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex, follow" />');
    expect(res.body).toContain('<title>Call not found | CrewBase</title>');
    expect(res.body).not.toContain('A call visitors may not see');
    expect(jsonLdBlocks(res.body).some((block) => block['@type'] === 'JobPosting')).toBe(false);
  });

  it('answers an unknown call 404, and leaves /calls/new to the app', async () => {
    expect((await page('/calls/99999999')).statusCode).toBe(404);
    const form = await page('/calls/new');
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<title>CrewBase</title>');
    expect(form.body).toContain('<div id="root"></div>');
  });
});

describe('/calls rendered on the server', () => {
  it('lists the open calls of the first page, and a filtered list is noindex', async () => {
    const open = await postCall({ title: 'Focus puller, two days' });
    const closed = await postCall({ title: 'Closed call', status: 'closed', closedAt: new Date() });
    const res = await page('/calls');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Crew Calls | CrewBase</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://crewbase.test/calls" />');
    expect(res.body).not.toContain('name="robots"');
    const list = jsonLdBlocks(res.body).find((block) => block['@type'] === 'ItemList') as {
      itemListElement: { name: string; url: string }[];
    };
    const urls = list.itemListElement.map((item) => item.url);
    expect(urls).toContain(`https://crewbase.test/calls/${open.id}`);
    expect(urls).not.toContain(`https://crewbase.test/calls/${closed.id}`);

    const filtered = await page(`/calls?role=${role.id}`);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toContain('<meta name="robots" content="noindex, follow" />');
    expect(jsonLdBlocks(filtered.body).some((block) => block['@type'] === 'ItemList')).toBe(false);
  });
});

describe('the sitemap', () => {
  it('lists /calls and the open calls; a call drops out when it closes', async () => {
    const call = await postCall({ title: 'Sound mixer for a documentary' });
    const loc = `<loc>https://crewbase.test/calls/${call.id}</loc>`;
    const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const before = await sitemap();
    expect(before).toContain('<loc>https://crewbase.test/calls</loc>');
    expect(before).toContain(loc);
    await t.db
      .update(crewCalls)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(crewCalls.id, call.id));
    expect(await sitemap()).not.toContain(loc);
  });
});
