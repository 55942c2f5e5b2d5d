import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE } from '#server/errors.ts';
import { newUser, TestBrowser } from '../../../test/client.ts';
import { clientShellDist, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startS3, type TestS3 } from '../../../test/s3.ts';

/**
 * Media on object storage (issue 34, ADR 031): with STORAGE_URL=s3://bucket/prefix every upload,
 * read and delete goes to the bucket (a local S3-compatible server), none to DATA_DIR/uploads.
 */
let s3: TestS3;
let t: TestApp;
let ipCounter = 1;
const browser = (app = t) => new TestBrowser(app.app, `10.34.0.${ipCounter++}`);
const BUCKET = 'crew-media';

const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

async function member(app = t) {
  const b = browser(app);
  const id = (await b.register(newUser('s3up'))).json().id as number;
  return { b, id };
}

const upload = async (b: TestBrowser, url: string, fields?: Record<string, string>) =>
  b.request('POST', url, {
    form: { ...(fields ? { fields } : {}), file: { name: 'me.png', type: 'image/png', bytes: await png() } },
  });

/** The objects of this app's prefix. */
const objects = async () => (await s3.keys(BUCKET)).filter((key) => key.startsWith('site/'));
const objectsOf = (url: string) => {
  const base = path.basename(url, '.webp');
  return [`site/${base}-thumb.webp`, `site/${base}.webp`];
};

beforeAll(async () => {
  s3 = await startS3([BUCKET]);
  t = await createTestApp({ ...s3.env(BUCKET, 'site'), ...(await clientShellDist()) });
});
afterAll(async () => {
  await t.app.close();
  await s3.stop();
});

describe('uploads with STORAGE_URL', () => {
  it('stores an avatar in the bucket and serves it from /media/ with caching headers', async () => {
    const { b, id } = await member();
    const res = await upload(b, `/api/users/${id}/avatar`);
    expect(res.statusCode).toBe(200);
    const url = res.json().profileImage as string;
    expect(url).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    expect(await objects()).toEqual(expect.arrayContaining(objectsOf(url)));
    // Nothing on the disk.
    const folder = path.join(t.config.dataDir, 'uploads');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    const etag = served.headers.etag as string;
    const lastModified = served.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });

    const thumb = await t.app.inject({ method: 'GET', url: url.replace('.webp', '-thumb.webp') });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(128);

    // Asked again: 304 without a body, by ETag (weak or strong, in a list) or by date.
    for (const headers of [
      { 'if-none-match': etag },
      { 'if-none-match': `"other", W/${etag}` },
      { 'if-modified-since': lastModified },
    ]) {
      const again = await t.app.inject({ method: 'GET', url, headers });
      expect(again.statusCode, JSON.stringify(headers)).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { 'if-modified-since': older } })).statusCode,
    ).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });

  it('deletes the objects of a replaced or removed avatar', async () => {
    const { b, id } = await member();
    const first = (await upload(b, `/api/users/${id}/avatar`)).json().profileImage as string;
    const second = (await upload(b, `/api/users/${id}/avatar`)).json().profileImage as string;
    const keys = await objects();
    expect(keys).toEqual(expect.arrayContaining(objectsOf(second)));
    expect(keys).not.toEqual(expect.arrayContaining([objectsOf(first)[1]]));
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    expect((await b.request('DELETE', `/api/users/${id}/avatar`)).statusCode).toBe(204);
    const after = await objects();
    for (const key of objectsOf(second)) expect(after).not.toContain(key);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it("adds and deletes a portfolio image's objects; another member cannot delete them", async () => {
    const { b, id } = await member();
    const res = await upload(b, `/api/users/${id}/portfolio`, { title: 'Night exterior' });
    expect(res.statusCode).toBe(201);
    const item = res.json() as { id: number; url: string; thumbnailUrl: string };
    expect(await objects()).toEqual(expect.arrayContaining(objectsOf(item.url)));
    expect((await t.app.inject({ method: 'GET', url: item.thumbnailUrl })).statusCode).toBe(200);

    const other = await member();
    const refused = await other.b.request('DELETE', `/api/users/${other.id}/portfolio/${item.id}`);
    expect(refused.statusCode).toBe(404);
    const forged = await other.b.request('DELETE', `/api/users/${id}/portfolio/${item.id}`);
    expect([403, 404]).toContain(forged.statusCode);
    expect(await objects()).toEqual(expect.arrayContaining(objectsOf(item.url)));

    expect((await b.request('DELETE', `/api/users/${id}/portfolio/${item.id}`)).statusCode).toBe(204);
    const after = await objects();
    for (const key of objectsOf(item.url)) expect(after).not.toContain(key);
    expect((await t.app.inject({ method: 'GET', url: item.url })).statusCode).toBe(404);
  });

  it('serves nothing but flat names of its own prefix', async () => {
    await s3.put(BUCKET, 'outside.webp', 'not under the prefix');
    await s3.put(BUCKET, 'site/nested/x.webp', 'in a folder of the prefix');
    for (const url of [
      '/media/outside.webp',
      '/media/nested/x.webp',
      '/media/nested%2Fx.webp',
      '/media/..%2Foutside.webp',
      '/media/%2e%2e/outside.webp',
      '/media/.hidden',
      `/media/${'a'.repeat(300)}.webp`,
      '/media/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      // A path without an extension is a client route (the app's own not-found page), as before.
      expect(res.statusCode, url).toBe(path.extname(url) ? 404 : 200);
      expect(res.headers['content-type'], url).not.toBe('image/webp');
      expect(res.body).not.toContain('not under the prefix');
      expect(res.body).not.toContain('in a folder');
    }
  });

  it('refuses a non-image and stores nothing', async () => {
    const { b, id } = await member();
    const before = await objects();
    const res = await b.request('POST', `/api/users/${id}/avatar`, {
      form: { file: { name: 'x.png', type: 'image/png', bytes: Buffer.from('<svg/> not an image at all') } },
    });
    expect(res.statusCode).toBe(400);
    expect(await objects()).toEqual(before);
  });
});

describe('when the bucket stops answering', () => {
  it('fails an upload with a 503 in the one error shape, changes nothing, and a read does not hang', async () => {
    const down = await startS3(['gone']);
    const app = await createTestApp(down.env('gone'));
    const { b, id } = await member(app);
    const stored = (await upload(b, `/api/users/${id}/avatar`)).json().profileImage as string;
    await down.stop();

    const res = await upload(b, `/api/users/${id}/avatar`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { message: SERVICE_UNAVAILABLE, timestamp: expect.any(String) } });
    expect((await browser(app).request('GET', `/api/users/${id}`)).json().profileImage).toBe(stored);
    const read = await app.app.inject({ method: 'GET', url: stored });
    expect(read.statusCode).toBe(503);
    expect(read.json().error.message).toBe(SERVICE_UNAVAILABLE);
  }, 60_000);

  it('refuses to start on a bucket that does not exist, saying which', async () => {
    await expect(createTestApp(s3.env('no-such-bucket', 'x'))).rejects.toThrow(
      /Media storage s3:\/\/no-such-bucket\/x\/ at http:\/\/127\.0\.0\.1:\d+ cannot be reached: NoSuchBucket/,
    );
  });
});

describe('the disk, the default', () => {
  it('answers conditional requests the same way', async () => {
    const disk = await createTestApp();
    expect(disk.config.storage).toEqual({ kind: 'disk', dir: path.join(disk.config.dataDir, 'uploads') });
    const { b, id } = await member(disk);
    const url = (await upload(b, `/api/users/${id}/avatar`)).json().profileImage as string;
    expect(readdirSync(path.join(disk.config.dataDir, 'uploads')).sort()).toEqual(
      objectsOf(url).map((key) => path.basename(key)),
    );
    const served = await disk.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await disk.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
