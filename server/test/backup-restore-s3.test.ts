import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { newUser, TestBrowser } from './client.ts';
import { createTestApp, createTestDatabase, type TestApp, testEnvironment } from './helpers.ts';
import { killAll } from './process.ts';
import { startS3, type TestS3 } from './s3.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** `npm run backup` / `npm run restore` (the CLI they call) with these settings only. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const full: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(full)) {
    if (/^(DATABASE_URL|DATA_DIR|STORAGE_URL|S3_|AWS_)/.test(key)) delete full[key];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/backup-cli.ts', ...args], {
    env: { ...full, ...env },
    stdio: 'pipe',
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

let s3: TestS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3(['live', 'restored']);
  t = await createTestApp(s3.env('live', 'site'));
});
afterAll(async () => {
  killAll(children);
  await t.app.close();
  await s3.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/**
 * Issue 34: `npm run backup` and `npm run restore` carry the media of whichever storage holds it.
 * A member's headshot and portfolio image live in a bucket; the archive holds them; a restore puts
 * them into another bucket (and, the same archive, onto a disk) where a server serves them again.
 */
describe('backup and restore with media on S3', () => {
  it('backs up the bucket under its prefix and restores into another bucket or the disk', async () => {
    const b = new TestBrowser(t.app, '10.34.1.1');
    const id = (await b.register(newUser('s3backup'))).json().id as number;
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const file = { name: 'head.png', type: 'image/png', bytes: image };
    const avatar = await b.request('POST', `/api/users/${id}/avatar`, { form: { file } });
    expect(avatar.statusCode).toBe(200);
    const profileImage = avatar.json().profileImage as string;
    const still = await b.request('POST', `/api/users/${id}/portfolio`, {
      form: { fields: { title: 'Day exterior' }, file },
    });
    expect(still.statusCode).toBe(201);
    const stillUrl = still.json().url as string;
    const bytesOf = async (app: TestApp['app'], url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.rawPayload;
    };
    const originals = { avatar: await bytesOf(t.app, profileImage), still: await bytesOf(t.app, stillUrl) };
    // Beside the prefix, not ours: not in the archive.
    await s3.put('live', 'other-app/file.webp', 'not ours');
    const names = (await s3.keys('live')).filter((k) => k.startsWith('site/')).map((k) => k.slice(5));
    expect(names).toHaveLength(4);

    const archive = path.join(await tempDir('crewbase-s3-archive-'), 'crewbase.tar.gz');
    const backup = await cli(['backup', archive], {
      DATABASE_URL: t.url,
      DATA_DIR: await tempDir('crewbase-s3-backup-'),
      ...s3.env('live', 'site'),
    });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('4 uploaded files from s3://live/site/');

    // Into another bucket and prefix, on an empty database.
    const target = await createTestDatabase();
    const restoreEnv = { DATA_DIR: await tempDir('crewbase-s3-restore-'), ...s3.env('restored', 'copy') };
    const restore = await cli(['restore', archive], { DATABASE_URL: target.url, ...restoreEnv });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('1 members, 4 uploaded files into s3://restored/copy/');
    expect(await s3.keys('restored')).toEqual(names.map((name) => `copy/${name}`).sort());

    const config = loadConfig({ ...testEnvironment(t.config), ...restoreEnv });
    const restored = await buildApp({ config, databaseUrl: target.url, logger: false, mailWorker: false });
    try {
      const profile = await restored.inject({ method: 'GET', url: `/api/users/${id}` });
      expect(profile.json().profileImage).toBe(profileImage);
      expect((await bytesOf(restored, profileImage)).equals(originals.avatar)).toBe(true);
      expect((await bytesOf(restored, stillUrl)).equals(originals.still)).toBe(true);
    } finally {
      await restored.close();
    }

    // The same archive onto the disk (no STORAGE_URL): an archive is not tied to its storage.
    const onDisk = await createTestDatabase();
    const diskDir = await tempDir('crewbase-s3-to-disk-');
    const toDisk = await cli(['restore', archive], { DATABASE_URL: onDisk.url, DATA_DIR: diskDir });
    expect(toDisk.code, toDisk.output).toBe(0);
    expect(readdirSync(path.join(diskDir, 'uploads')).sort()).toEqual([...names].sort());
  }, 180_000);

  it('refuses to back up from a bucket it cannot reach, saying which, and writes no archive', async () => {
    const archive = path.join(await tempDir('crewbase-s3-archive-'), 'none.tar.gz');
    const backup = await cli(['backup', archive], {
      DATABASE_URL: t.url,
      DATA_DIR: await tempDir('crewbase-s3-backup-'),
      ...s3.env('no-such-bucket'),
    });
    expect(backup.code).toBe(1);
    expect(backup.output).toContain('Media storage s3://no-such-bucket/');
    expect(readdirSync(path.dirname(archive))).toEqual([]);
  }, 60_000);
});
