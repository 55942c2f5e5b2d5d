import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>';

describe('serving the web app next to the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'crewbase-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(
      path.join(dist, 'assets', 'app-3f9a1c.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ CLIENT_DIST: dist });
  });

  // Public pages the server renders (features/pages) are tested there.
  it.each(['/messages', '/dashboard', '/profile/edit', '/admin/security', '/some/unknown/page'])(
    'answers the client route %s with index.html, revalidated on every visit',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it('caches hashed assets for a year as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it.each([
    ['GET', '/api/does-not-exist'],
    ['POST', '/api/does-not-exist'],
    ['GET', '/api'],
    ['DELETE', '/api/roles'],
  ] as const)('answers %s %s with a JSON 404, never the app', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.error.message).toMatch(/No API endpoint|Not found/);
    expect(Date.parse(body.error.timestamp)).not.toBeNaN();
  });

  it('sends security headers with a CSP that allows only our own scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends API answers the headers that mean something for them, and a CSP that allows nothing', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/roles' }),
      t.app.inject({ method: 'GET', url: '/api/users/2000000000' }),
      t.app.inject({ method: 'GET', url: '/api/users/not-a-number' }),
      t.app.inject({ method: 'GET', url: '/api/no/such/thing' }),
      // The route matched decides, however its path was spelled.
      t.app.inject({ method: 'GET', url: '/%61pi/roles' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400, 404, 200]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Only a rendered page reads these.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it("sends the pages under /api/ (an e-mail's unsubscribe link, the API docs) the site's document headers", async () => {
    for (const url of ['/api/email/unsubscribe?token=forged.token', '/api/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'self';/);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('compresses larger answers for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-3f9a1c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
    expect(res.rawPayload.length).toBeLessThan(4000);
  });
});

describe('index.html compression', () => {
  it('sends index.html compressed once at start-up, for every client route', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'crewbase-dist-'));
    const page = `${INDEX}<!-- ${'padding '.repeat(300)} -->`;
    await writeFile(path.join(dist, 'index.html'), page);
    const t = await createTestApp({ CLIENT_DIST: dist });
    for (const url of ['/account', '/dashboard']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    }
  });
});

describe('index.html revalidation', () => {
  it('answers 304 when the browser already has this build', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'crewbase-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    const t = await createTestApp({ CLIENT_DIST: dist });
    const first = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/account', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await t.app.inject({
      method: 'GET',
      url: '/account',
      headers: { 'if-none-match': '"old-build"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(INDEX);
  });
});
