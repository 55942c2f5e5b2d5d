import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SENT } from '#common/schemas/site';
import { users } from '#server/db/schema/index.ts';
import { TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { sitemapSchemaErrors } from '../../../test/sitemap-schema.ts';

/** A real SMTP server on loopback: the contact form's mail goes through nodemailer and SMTP. */
const inbox: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});
let t: TestApp;
let small: TestApp;
let ip = 1;
const browser = (app: TestApp) => new TestBrowser(app.app, `10.19.0.${ip++}`);

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: 'https://crewbase.test',
    CONTACT_EMAIL: 'team@crewbase.test',
  });
  await t.db.insert(users).values(
    Array.from({ length: 7 }, (_, i) => ({
      username: `sitemap-crew-${i}`,
      email: `sitemap${i}@example.com`,
    })),
  );
  small = await createTestApp({ PUBLIC_URL: 'https://crewbase.test' }, { sitemapUrlLimit: 10 });
  await small.db
    .insert(users)
    .values(
      Array.from({ length: 7 }, (_, i) => ({ username: `small-crew-${i}`, email: `small${i}@example.com` })),
    );
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function fetchXml(app: TestApp, url: string) {
  const res = await app.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  return parser.parse(res.body);
}

describe('sitemap.xml and robots.txt', () => {
  it('lists every public page, blog post, role page and profile, with lastmod on profiles', async () => {
    const doc = await fetchXml(t, '/sitemap.xml');
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls: { loc: string; lastmod?: string }[] = doc.urlset.url;
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain('https://crewbase.test/');
    expect(locs).toContain('https://crewbase.test/faq');
    expect(locs).toContain('https://crewbase.test/blog/first-and-second-holds');
    expect(locs.filter((loc) => loc.includes('/browse?role=')).length).toBe(65);
    const profiles = await t.db.select({ id: users.id }).from(users);
    for (const { id } of profiles) expect(locs).toContain(`https://crewbase.test/profile/${id}`);
    const profile = urls.find((u) => u.loc.includes('/profile/'));
    expect(Number.isNaN(Date.parse(profile?.lastmod ?? ''))).toBe(false);
    expect(locs.some((loc) => loc.includes('spinner-demo'))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("validates against the sitemap protocol's XML Schema, whole and split into an index and parts", async () => {
    const whole = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(await sitemapSchemaErrors(whole.body, 'urlset')).toEqual([]);
    const index = await small.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(await sitemapSchemaErrors(index.body, 'sitemapindex')).toEqual([]);
    const part = await small.app.inject({ method: 'GET', url: '/sitemaps/8.xml' });
    expect(await sitemapSchemaErrors(part.body, 'urlset')).toEqual([]);
    // The check can fail: a relative address and a made-up date are refused.
    const broken = whole.body
      .replace(/<loc>[^<]+<\/loc>/, '<loc>/faq</loc>')
      .replace(/<lastmod>[^<]+<\/lastmod>/, '<lastmod>yesterday</lastmod>');
    expect(await sitemapSchemaErrors(broken, 'urlset')).toHaveLength(2);
  });

  it('turns into a sitemap index past the limit, and the parts hold every URL once', async () => {
    const index = await fetchXml(small, '/sitemap.xml');
    const parts: { loc: string }[] = index.sitemapindex.sitemap;
    // 18 pages + 3 posts + 65 roles + 7 profiles = 93 URLs, 10 per file.
    expect(parts.map((p) => p.loc)).toEqual(
      Array.from({ length: 10 }, (_, i) => `https://crewbase.test/sitemaps/${i + 1}.xml`),
    );
    const all: string[] = [];
    for (const part of parts) {
      const doc = await fetchXml(small, new URL(part.loc).pathname);
      const urls: { loc: string }[] = doc.urlset.url;
      expect(urls.length).toBeLessThanOrEqual(10);
      all.push(...urls.map((u) => u.loc));
    }
    expect(all.length).toBe(93);
    expect(new Set(all).size).toBe(93);
    expect(all.filter((loc) => loc.includes('/profile/')).length).toBe(7);
    expect((await small.app.inject({ method: 'GET', url: '/sitemaps/11.xml' })).statusCode).toBe(404);
  });

  it('answers robots.txt with the sitemap and keeps private paths out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Sitemap: https://crewbase.test/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
  });
});

describe('blog', () => {
  it('lists the Markdown posts newest first and renders one', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/blog' });
    const { posts } = list.json() as { posts: { slug: string; date: string }[] };
    expect(posts.map((p) => p.slug)).toEqual([
      'building-a-crew-sheet',
      'first-and-second-holds',
      'writing-reviews-that-help',
    ]);
    const post = await t.app.inject({ method: 'GET', url: '/api/blog/first-and-second-holds' });
    expect(post.json().html).toContain('<h2>A first hold outranks a second</h2>');
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/no-such-post' })).statusCode).toBe(404);
  });
});

describe('contact form', () => {
  const form = {
    name: 'Rosa Delgado',
    email: 'rosa@example.com',
    topic: 'billing',
    message: 'Can a production company pay for Premium for five crew members at once?',
  };

  it('queues the message and mails it to the team over SMTP, with a reply going to the visitor', async () => {
    const res = await browser(t).request('POST', '/api/contact', { body: form });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CONTACT_SENT);
    // Queued in the outbox: nothing reaches SMTP until the worker runs.
    expect(inbox.some((m) => m.to.includes('team@crewbase.test'))).toBe(false);
    expect(await t.app.deliverMail()).toMatchObject({ sent: 1 });
    const mail = inbox.find((m) => m.to.includes('team@crewbase.test'));
    expect(mail?.raw).toContain('Subject: [CrewBase contact] Billing and Premium: Rosa Delgado');
    expect(mail?.raw).toContain('Reply-To: rosa@example.com');
    expect(mail?.raw).toContain('five crew members');
  });

  it('refuses a bad form with each field message', async () => {
    const res = await browser(t).request('POST', '/api/contact', {
      body: { name: 'R', email: 'not-an-address', topic: 'gossip', message: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: 'Please tell us your name',
      email: 'Please enter a valid email',
      topic: 'Please choose a topic',
      message: 'Message must be at least 20 characters',
    });
  });

  it('answers 429 past five messages an hour from one network', async () => {
    const visitor = browser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await visitor.request('POST', '/api/contact', { body: form })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
