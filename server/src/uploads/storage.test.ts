import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { s3Storage } from '#server/uploads/s3-storage.ts';
import { createStorage, type MediaStorage } from '#server/uploads/storage.ts';
import { parseStorageUrl } from '#server/uploads/storage-config.ts';
import { startS3, type TestS3 } from '../../test/s3.ts';

let s3: TestS3;
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'crewbase-storage-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3(['media', 'other']);
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The storage the settings name, as the app makes it. */
const storageFor = async (env: Record<string, string>) =>
  createStorage(loadConfig({ DATA_DIR: await tempDir(), SESSION_SECRET: 'x'.repeat(32), ...env }).storage);

const collect = async (keys: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const key of keys) out.push(key);
  return out.sort();
};

describe.each([
  ['the disk (default)', () => storageFor({})],
  // Two keys a page, so listing follows continuation tokens as it does past 1,000 keys.
  [
    'S3 (s3rver)',
    async () => {
      const { storage } = loadConfig({ DATA_DIR: await tempDir(), ...s3.env('media', 'site/a') });
      if (storage.kind !== 's3') throw new Error('not S3');
      return s3Storage(storage, { listPageSize: 2 });
    },
  ],
])('media storage on %s', (_, make) => {
  let media: MediaStorage;
  beforeAll(async () => {
    media = await make();
    await media.check();
  });
  afterAll(() => media.close());

  it('stores, reads, lists and deletes a file, with validators', async () => {
    await media.put('abc.webp', Buffer.from('first'), 'image/webp');
    const stored = await media.get('abc.webp');
    expect(stored).not.toBeNull();
    expect(stored && (await text(stored.body))).toBe('first');
    expect(stored?.size).toBe(5);
    expect(stored?.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(stored?.lastModified.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    expect(await collect(media.list())).toEqual(['abc.webp']);

    await media.delete('abc.webp');
    expect(await media.get('abc.webp')).toBeNull();
    expect(await collect(media.list())).toEqual([]);
    // Deleting what is not there is no error.
    await media.delete('abc.webp');
  });

  it('answers null for a missing file, and refuses any key that is not one flat name', async () => {
    expect(await media.get('nothing.webp')).toBeNull();
    for (const key of ['../secret', 'a/b.webp', '.hidden', '', 'x'.repeat(200), 'a b.webp', '%2e%2e']) {
      expect(await media.get(key)).toBeNull();
      await expect(media.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow('Not a media key');
      await expect(media.delete(key)).rejects.toThrow('Not a media key');
    }
  });

  it('lists every file over several pages, and two writes at once under one key leave one whole file', async () => {
    const keys = Array.from({ length: 7 }, (_, i) => `f${i}.webp`);
    await Promise.all(keys.map((key) => media.put(key, Buffer.from(key), 'image/webp')));
    expect(await collect(media.list())).toEqual(keys);
    await Promise.all(keys.map((key) => media.delete(key)));
    expect(await collect(media.list())).toEqual([]);

    const [a, b] = [Buffer.alloc(200_000, 'a'), Buffer.alloc(200_000, 'b')];
    await Promise.all([media.put('same.webp', a, 'image/webp'), media.put('same.webp', b, 'image/webp')]);
    const stored = await media.get('same.webp');
    const body = Buffer.from(stored ? await text(stored.body) : '');
    expect(body.equals(a) || body.equals(b)).toBe(true);
    await media.delete('same.webp');
  });
});

describe('S3 storage', () => {
  it('keeps to its prefix: objects beside it or under it in folders are neither listed nor served', async () => {
    const media = await storageFor(s3.env('other', 'crew/media'));
    await s3.put('other', 'crew/elsewhere.webp', 'not ours');
    await s3.put('other', 'crew/media/nested/deep.webp', 'not ours');
    await media.put('mine.webp', Buffer.from('ours'), 'image/webp');
    expect(await s3.keys('other')).toContain('crew/media/mine.webp');
    expect(await collect(media.list())).toEqual(['mine.webp']);
    expect(await media.get('elsewhere.webp')).toBeNull();
    media.close();
  });

  it('says clearly when the bucket is missing or the server does not answer', async () => {
    const missing = await storageFor(s3.env('no-such-bucket'));
    await expect(missing.check()).rejects.toThrow(
      /^Media storage s3:\/\/no-such-bucket\/ at http:\/\/127\.0\.0\.1:\d+ cannot be reached: NoSuchBucket/,
    );
    missing.close();
    const closed = await storageFor({ ...s3.env('media'), S3_ENDPOINT: 'http://127.0.0.1:9' });
    await expect(closed.check()).rejects.toThrow(/cannot be reached/);
    closed.close();
  }, 60_000);
});

describe('STORAGE_URL and its settings', () => {
  const load = async (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: await tempDir(), SESSION_SECRET: 'x'.repeat(32), ...env });

  it('stores on the disk under DATA_DIR/uploads by default, whatever AWS_* the environment has', async () => {
    const dataDir = await tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      AWS_ACCESS_KEY_ID: 'only',
    });
    expect(config.storage).toEqual({ kind: 'disk', dir: path.join(dataDir, 'uploads') });
    expect((await load({ STORAGE_URL: '' })).storage.kind).toBe('disk');
  });

  it('reads the bucket, prefix, region, endpoint, path style and keys', async () => {
    const config = await load({
      STORAGE_URL: 's3://crew-media/prod//eu/',
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'AKIA',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'crew-media',
      prefix: 'prod/eu/',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'secret' },
    });
    const minio = await load({ STORAGE_URL: 's3://media', S3_ENDPOINT: 'http://minio:9000' });
    expect(minio.storage).toMatchObject({ prefix: '', region: 'us-east-1', forcePathStyle: true });
    expect(minio.storage).toMatchObject({ credentials: undefined });
    const hosted = await load({
      STORAGE_URL: 's3://media',
      S3_ENDPOINT: 'https://s3.example.test',
      S3_FORCE_PATH_STYLE: '0',
    });
    expect(hosted.storage).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    ['STORAGE_URL', 'https://bucket/prefix', 'STORAGE_URL must be s3://bucket or s3://bucket/prefix'],
    ['STORAGE_URL', 's3://', 'STORAGE_URL must be s3://bucket'],
    ['STORAGE_URL', 's3://Upper_Case', 'STORAGE_URL must be s3://bucket'],
    ['STORAGE_URL', 's3://key:secret@bucket/x', 'STORAGE_URL must be s3://bucket'],
    ['STORAGE_URL', 's3://bucket/../up', 'STORAGE_URL must be s3://bucket'],
    ['STORAGE_URL', 's3://bucket/a?versionId=1', 'STORAGE_URL must be s3://bucket'],
    ['S3_ENDPOINT', 'minio:9000', 'S3_ENDPOINT must be an http(s):// URL'],
    ['S3_FORCE_PATH_STYLE', 'yes', 'S3_FORCE_PATH_STYLE must be 1 or 0'],
  ])('refuses to start with %s=%s', async (name, value, message) => {
    const env =
      name === 'STORAGE_URL' ? { STORAGE_URL: value } : { STORAGE_URL: 's3://media', [name]: value };
    await expect(load(env)).rejects.toThrow(`${name}: ${message}`);
  });

  it('never echoes a secret put in STORAGE_URL', async () => {
    const refused = await load({ STORAGE_URL: 's3://AKIA:hunter2@bucket' }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain('STORAGE_URL must be');
    expect((refused as Error).message).not.toContain('hunter2');
  });

  it('refuses half a configuration', async () => {
    await expect(load({ S3_ENDPOINT: 'http://minio:9000' })).rejects.toThrow(
      'S3_ENDPOINT and S3_FORCE_PATH_STYLE need STORAGE_URL=s3://bucket/prefix',
    );
    await expect(load({ STORAGE_URL: 's3://media', AWS_ACCESS_KEY_ID: 'AKIA' })).rejects.toThrow(
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together',
    );
  });

  it('parses bucket and prefix', () => {
    expect(parseStorageUrl('s3://b-1.x')).toEqual({ bucket: 'b-1.x', prefix: '' });
    expect(parseStorageUrl('s3://bucket/a/b_c/')).toEqual({ bucket: 'bucket', prefix: 'a/b_c/' });
    expect(parseStorageUrl('s3://ab')).toBeUndefined();
    expect(parseStorageUrl('s3://a..b')).toBeUndefined();
  });
});

it('writes a disk file whole or not at all, and lists no half-written file', async () => {
  const dir = await tempDir();
  const media = createStorage({ kind: 'disk', dir });
  await writeFile(path.join(dir, '.abc.webp.123456.partial'), 'half');
  await media.put('abc.webp', Buffer.from('whole'), 'image/webp');
  expect(await collect(media.list())).toEqual(['abc.webp']);
});
