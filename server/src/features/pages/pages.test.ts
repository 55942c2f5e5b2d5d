import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { account } from '#server/features/admin/test-support.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fillTemplate } from './html.ts';

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>CrewBase | Connect with Film Industry Professionals</title><meta
      name="description"
      content="The product's own description."
    /><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>`;

const HOSTILE = `Ann "Sparks" </script><script>alert(1)</script> <b>&amp; Co`;

let t: TestApp;
let ip = 1;
const browser = () => new TestBrowser(t.app, `10.19.0.${ip++}`);

async function member(basics: Record<string, string>, roleIds: number[] = []) {
  const b = browser();
  const id = (await b.register(newUser('ssr'))).json().id as number;
  expect((await b.request('PATCH', `/api/users/${id}`, { body: basics })).statusCode).toBe(200);
  for (const roleId of roleIds)
    expect((await b.request('POST', `/api/users/${id}/roles`, { body: { roleId } })).statusCode).toBe(201);
  return { b, id };
}

/** Each JSON-LD block of a page, parsed. */
function jsonLdBlocks(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1] ?? ''));
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:+]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'crewbase-dist-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ CLIENT_DIST: dist });
});

describe('a profile rendered on the server', () => {
  it('answers with the name, roles, location, bio and rating in the head and in #root', async () => {
    const { id } = await member(
      { displayName: 'Dana Reyes', location: 'Atlanta, GA', bio: 'Key grip, 12 years on features.' },
      [13, 14],
    );
    const res = await t.app.inject({ method: 'GET', url: `/profile/${id}`, headers: { host: 'crew.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const roles = (await browser().request('GET', `/api/users/${id}`))
      .json()
      .roles.map((role: { name: string }) => role.name) as string[];
    expect(roles).toHaveLength(2);
    expect(html).toContain(`<title>Dana Reyes — ${roles[0]} | CrewBase</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain("The product's own description.");
    expect(metaContent(html, 'description')).toContain('Dana Reyes');
    expect(html).toContain(`<link rel="canonical" href="http://crew.test/profile/${id}" />`);
    expect(metaContent(html, 'og:title')).toContain('Dana Reyes');
    expect(metaContent(html, 'og:url')).toBe(`http://crew.test/profile/${id}`);
    expect(metaContent(html, 'og:type')).toBe('profile');
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    const root = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
    for (const text of ['Dana Reyes', ...roles, 'Atlanta, GA', 'Key grip, 12 years on features.'])
      expect(root).toContain(text);
    // The app's script is still there to take over.
    expect(html).toContain('<script type="module" src="/assets/app-3f9a1c.js"></script>');

    const [person, crumbs] = jsonLdBlocks(html);
    expect(person).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Dana Reyes',
      jobTitle: roles,
      url: `http://crew.test/profile/${id}`,
      homeLocation: { '@type': 'Place', name: 'Atlanta, GA' },
      address: { '@type': 'PostalAddress', addressLocality: 'Atlanta, GA' },
    });
    expect(person).not.toHaveProperty('aggregateRating');
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    const items = (crumbs as { itemListElement: { name: string; position: number; item: string }[] })
      .itemListElement;
    expect(items.map((item) => item.name)).toEqual(['Home', 'Browse Crew', roles[0], 'Dana Reyes']);
    expect(items.map((item) => item.position)).toEqual([1, 2, 3, 4]);
    expect(items[2]?.item).toBe('http://crew.test/browse?role=13');
  });

  it('adds aggregateRating once the profile has reviews, as the API counts them', async () => {
    const { b, id } = await member({ displayName: 'Rated Person' }, [13]);
    const reviewer = browser();
    const reviewerId = (await reviewer.register(newUser('rev'))).json().id as number;
    // New accounts wait a day before reviewing.
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(users.id, reviewerId));
    const review = await reviewer.request('POST', `/api/users/${id}/reviews`, {
      body: {
        rating: 4,
        text: 'Reliable, calm on a hard night shoot and great with the cast.',
        projectName: 'The Long Night',
      },
    });
    expect(review.json()).toMatchObject({ rating: 4 });
    const api = (await b.request('GET', `/api/users/${id}`)).json();
    const html = (await t.app.inject({ method: 'GET', url: `/profile/${id}` })).body;
    const [person] = jsonLdBlocks(html);
    expect(person?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: api.rating.average,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(html).toContain('Rated 4.0 out of 5 from 1 review');
  });

  it('escapes a hostile name everywhere: no markup, and JSON-LD that still parses to the name', async () => {
    const { id } = await member({
      displayName: HOSTILE,
      location: `<i>"Here" & there</i>`,
      bio: '</script>',
    });
    const html = (await t.app.inject({ method: 'GET', url: `/profile/${id}` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    // The only closing script tags are the app's own and the two JSON-LD blocks'.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).toContain('Ann &quot;Sparks&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(metaContent(html, 'og:title')).toContain('&lt;b&gt;&amp;amp; Co');
    const [person, crumbs] = jsonLdBlocks(html);
    expect(person?.name).toBe(HOSTILE);
    expect(person?.homeLocation).toEqual({ '@type': 'Place', name: `<i>"Here" & there</i>` });
    expect(person?.description).toBe('</script>');
    const items = (crumbs as { itemListElement: { name: string }[] }).itemListElement;
    expect(items.at(-1)?.name).toBe(HOSTILE);
  });

  it('shows nothing the API keeps from visitors: never the email, even when the owner asks', async () => {
    const { b, id } = await member({ displayName: 'Private Pat', contactInfo: 'call my agent' });
    const email = (await b.request('GET', `/api/users/${id}`)).json().email as string;
    expect(email).toMatch(/@/);
    for (const who of [b, browser()]) {
      const html = (await who.request('GET', `/profile/${id}`)).body;
      expect(html).toContain('Private Pat');
      expect(html).not.toContain(email);
      expect(html).not.toContain('password');
    }
  });

  it('answers an unknown member with 404 and the app, which shows its not-found page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/profile/2147483000' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('/assets/app-3f9a1c.js');
    expect(res.body).toContain('<title>Profile not found | CrewBase</title>');
    expect(metaContent(res.body, 'robots')).toBe('noindex, follow');
    expect(jsonLdBlocks(res.body)).toEqual([]);
  });

  it.each(['/profile/abc', '/profile/0', '/profile/99999999999', '/profile/12/extra'])(
    'leaves %s to the plain app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    },
  );

  it('answers 404 for a suspended member at once, though the page was cached, and again on restore', async () => {
    const { id } = await member({ bio: 'Gaffer on features and commercials.', location: 'Atlanta, GA' });
    expect((await t.app.inject({ method: 'GET', url: `/profile/${id}` })).statusCode).toBe(200);
    const moderator = await account(t.db, t.app, { role: 'moderator', twoFactor: true });
    const suspend = await moderator.browser.request('POST', `/api/admin/users/${id}/suspend`, {
      body: { reason: 'Spam' },
    });
    expect(suspend.statusCode).toBe(200);
    const hidden = await t.app.inject({ method: 'GET', url: `/profile/${id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Gaffer on features');
    expect(jsonLdBlocks(hidden.body)).toEqual([]);
    await moderator.browser.request('POST', `/api/admin/users/${id}/restore`, { body: { reason: 'Appeal' } });
    const back = await t.app.inject({ method: 'GET', url: `/profile/${id}` });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Gaffer on features');
  });

  it('changes the page as soon as the owner edits the profile, though pages are cached', async () => {
    const { b, id } = await member({ displayName: 'Before Name' });
    expect((await browser().request('GET', `/profile/${id}`)).body).toContain('Before Name');
    expect(
      (await b.request('PATCH', `/api/users/${id}`, { body: { displayName: 'After Name' } })).statusCode,
    ).toBe(200);
    const html = (await browser().request('GET', `/profile/${id}`)).body;
    expect(html).toContain('After Name');
    expect(html).not.toContain('Before Name');
  });

  it('is compressed and revalidated with its own etag', async () => {
    const { id } = await member({ displayName: 'Etag Person' });
    const first = await t.app.inject({
      method: 'GET',
      url: `/profile/${id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('Etag Person');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: `/profile/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.headers.etag).not.toBe(etag);
  });
});

describe('pages that stay client-rendered', () => {
  it.each(['/dashboard', '/account', '/messages', '/admin/security', '/profile/edit', '/profile'])(
    'answers %s with index.html unchanged',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    },
  );
});

describe('canonical URLs with PUBLIC_URL', () => {
  it('point at PUBLIC_URL whatever address the request came to, and the headshot is absolute', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'crewbase-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    const other = await createTestApp({ CLIENT_DIST: dist, PUBLIC_URL: 'https://crewbase.example' });
    const b = new TestBrowser(other.app, '10.19.1.1');
    const id = (await b.register(newUser('canon'))).json().id as number;
    await other.db.execute(
      `update users set profile_image = '/media/avatars/x.webp' where id = ${id}` as never,
    );
    const html = (
      await other.app.inject({ method: 'GET', url: `/profile/${id}`, headers: { host: 'evil.test' } })
    ).body;
    expect(html).toContain(`<link rel="canonical" href="https://crewbase.example/profile/${id}" />`);
    expect(html).not.toContain('evil.test');
    expect(metaContent(html, 'og:image')).toBe('https://crewbase.example/media/avatars/x.webp');
    expect(metaContent(html, 'twitter:image')).toBe('https://crewbase.example/media/avatars/x.webp');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(jsonLdBlocks(html)[0]?.image).toBe('https://crewbase.example/media/avatars/x.webp');
  });
});

describe('other public pages rendered on the server', () => {
  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: 'crew.test' } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('home: the product title and description, canonical and a WebSite with its search', async () => {
    const html = await page('/');
    expect(title(html)).toBe('CrewBase | Connect with Film Industry Professionals');
    expect(html).toContain('<link rel="canonical" href="http://crew.test/" />');
    expect(metaContent(html, 'og:title')).toBe('CrewBase | Connect with Film Industry Professionals');
    expect(jsonLdBlocks(html)[0]).toMatchObject({ '@type': 'WebSite', url: 'http://crew.test/' });
  });

  it('browse, and browse by role with its name in the title and the breadcrumbs', async () => {
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles' })).json() as {
      id: number;
      name: string;
    }[];
    const role = roles.find((r) => r.id === 13);
    if (!role) throw new Error('role 13 is in the catalogue');
    const all = await page('/browse');
    expect(title(all)).toBe('Browse Crew | CrewBase');
    expect(all).toContain('<link rel="canonical" href="http://crew.test/browse" />');
    const one = await page('/browse?role=13&page=2');
    expect(title(one)).toMatch(new RegExp(`^${role.name}e?s — Browse Crew \\| CrewBase$`));
    expect(one).toContain('<link rel="canonical" href="http://crew.test/browse?role=13" />');
    const [crumbs] = jsonLdBlocks(one);
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((crumbs as { itemListElement: { name: string }[] }).itemListElement.map((i) => i.name)).toEqual([
      'Home',
      'Browse Crew',
      role.name,
    ]);
    expect(title(await page('/browse?role=99999'))).toBe('Browse Crew | CrewBase');
    // The first page of the role's crew, as the API lists it, and a new member of the role at once.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/browse/crew?role=13' })).json() as {
      crew: { id: number }[];
    };
    const list = jsonLdBlocks(one)[1] as { '@type': string; itemListElement: { url: string }[] };
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement.map((item) => item.url)).toEqual(
      listed.crew.map((card) => `http://crew.test/profile/${card.id}`),
    );
    const { id } = await member({ displayName: 'Newest Grip' }, [13]);
    const after = jsonLdBlocks(await page('/browse?role=13&page=2'))[1] as typeof list;
    const names = after.itemListElement.map((item) => item.url);
    const nowListed = (await t.app.inject({ method: 'GET', url: '/api/browse/crew?role=13' })).json() as {
      crew: { id: number }[];
    };
    expect(names).toEqual(nowListed.crew.map((card) => `http://crew.test/profile/${card.id}`));
    expect(nowListed.crew.some((card) => card.id === id)).toBe(true);
  });

  it('search results: the words in the title, escaped, and noindex', async () => {
    const html = await page(`/search?q=${encodeURIComponent('<gaffer> & "grip"')}`);
    expect(title(html)).toBe('“&lt;gaffer&gt; &amp; &quot;grip&quot;” — Search | CrewBase');
    expect(html).not.toContain('<gaffer>');
    expect(metaContent(html, 'robots')).toBe('noindex, follow');
    const empty = await page('/search');
    expect(title(empty)).toBe('Search Crew | CrewBase');
    expect(metaContent(empty, 'robots')).toBeUndefined();
  });

  it.each([
    ['/about', 'About CrewBase | CrewBase'],
    ['/privacy-policy', 'Privacy Policy | CrewBase'],
    ['/terms', 'Terms of Service | CrewBase'],
    ['/careers', 'Careers at CrewBase | CrewBase'],
    ['/contact', 'Contact | CrewBase'],
    ['/faq', 'FAQ | CrewBase'],
    ['/blog', 'Blog | CrewBase'],
  ])('footer page %s is titled %s, with its canonical URL', async (url, expected) => {
    const html = await page(url);
    expect(title(html)).toBe(expected);
    expect(html).toContain(`<link rel="canonical" href="http://crew.test${url}" />`);
    expect(metaContent(html, 'description')?.length).toBeGreaterThan(20);
  });

  it('a blog post: its title, summary and a BlogPosting', async () => {
    const { posts } = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json() as {
      posts: { slug: string; title: string }[];
    };
    const post = posts[0];
    if (!post) throw new Error('the blog has posts');
    const html = await page(`/blog/${post.slug}`);
    expect(html).toContain(`| CrewBase</title>`);
    expect(metaContent(html, 'og:type')).toBe('article');
    const [posting] = jsonLdBlocks(html);
    expect(posting).toMatchObject({ '@type': 'BlogPosting', headline: post.title });
    expect(await page('/blog/no-such-post')).toBe(INDEX);
  });
});

describe("the app renderer's markup in the template", () => {
  // The unit tests run before the build, so the server has no app renderer here (heads-only pages);
  // the browser tests (tests/e2e/ssr.spec.ts) cover the rendered app and its hydration.
  it('goes into #root, its query answers after it, and its resource hints into the head', () => {
    const html = fillTemplate(
      INDEX,
      { title: 'Crew', description: 'Crew.', canonical: 'https://crew.test/browse' },
      {
        head: '<link rel="preload" as="image" href="/favicon.svg"/>',
        root: '<div class="app">Browse Crew</div>',
        afterRoot: '<script type="application/json" id="__QUERY_STATE__">{}</script>',
      },
    );
    expect(html).toContain(
      '<div id="root"><div class="app">Browse Crew</div></div><script type="application/json" id="__QUERY_STATE__">{}</script>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/favicon.svg"/>');
    expect(head).toContain('<title>Crew</title>');
  });
});

describe('with the app renderer of a build', () => {
  // A stand-in for dist/server-render/entry-server.js whose renders wait until the test lets them finish.
  const RENDERER = `
let finish;
globalThis.rendersMayFinish = new Promise((resolve) => { finish = resolve; });
globalThis.letRendersFinish = () => finish();
globalThis.rendersStarted = 0;
export function configure() {}
export async function render(url) {
  globalThis.rendersStarted += 1;
  await globalThis.rendersMayFinish;
  return { html: '<main>Rendered ' + new URL(url).pathname + '</main>', stateScript: '' };
}`;
  const state = globalThis as unknown as { letRendersFinish: () => void; rendersStarted: number };
  let rendered: TestApp;

  beforeAll(async () => {
    const build = await mkdtemp(path.join(tmpdir(), 'crewbase-build-'));
    await mkdir(path.join(build, 'client'));
    await mkdir(path.join(build, 'server-render'));
    await writeFile(path.join(build, 'client', 'index.html'), INDEX);
    await writeFile(path.join(build, 'server-render', 'entry-server.js'), RENDERER);
    rendered = await createTestApp({ CLIENT_DIST: path.join(build, 'client') });
  });

  it('renders two pages at a time; a third meanwhile goes out with its head only, and whole next time', async () => {
    const get = (url: string) =>
      rendered.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const first = get('/faq');
    const second = get('/careers');
    await expect.poll(() => state.rendersStarted).toBe(2);
    const third = await get('/team');
    expect(third.statusCode).toBe(200);
    expect(third.body).toContain('<title>');
    expect(third.body).not.toContain('Rendered');
    state.letRendersFinish();
    expect((await first).body).toContain('<main>Rendered /faq</main>');
    expect((await second).body).toContain('<main>Rendered /careers</main>');
    expect((await get('/team')).body).toContain('<main>Rendered /team</main>');
  });
});
