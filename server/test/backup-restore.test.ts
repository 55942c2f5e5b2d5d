import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_DATABASE } from '../src/db/database-url.ts';
import { runningEmbeddedUrl } from '../src/db/embedded.ts';
import { killAll, type Session, signUp, startServer } from './process.ts';

/** Runs `npm run backup` / `npm run restore` (the CLI they call) and resolves with its exit code and output. */
function cli(
  args: string[],
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<{ code: number | null; output: string }> {
  const full: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/backup-cli.ts', ...args], {
    env: full,
    stdio: 'pipe',
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function write(
  base: string,
  me: Session,
  method: string,
  url: string,
  body: unknown,
): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: me.cookie, 'csrf-token': me.csrf },
    body: JSON.stringify(body),
  });
}

/**
 * Issue 21, scenario 4, end to end on the embedded PostgreSQL: members, a profile edit, a review, a
 * message and an uploaded headshot are written through the running server; `npm run backup` runs
 * beside it; `npm run restore FILE` loads the archive into a new, empty DATA_DIR; a server started
 * there shows all of it, and the members can sign in with their passwords.
 */
describe('backup and restore', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), prefix));
    await chmod(dir, 0o755);
    dirs.push(dir);
    return dir;
  };

  afterAll(async () => {
    killAll(children);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('brings back every member, review, message and image into an empty data directory', async () => {
    const source = await tempDir('crewbase-backup-src-');
    const env = { DATA_DIR: source, SEED_DEMO: 'never', DATABASE_URL: undefined };
    const first = await startServer(env, children);
    const base = `http://127.0.0.1:${first.port}`;
    const stamp = process.pid % 100_000;
    const alice = await signUp(base, `alice${stamp}`);
    const bob = await signUp(base, `bob${stamp}`);

    // Old enough to review (a day), Premium to start a conversation: set as the app would have.
    const admin = new pg.Client({
      connectionString: (await runningEmbeddedUrl(path.join(source, 'postgres'), APP_DATABASE)) ?? '',
    });
    await admin.connect();
    await admin.query(`update users set created_at = now() - interval '3 days'`);
    await admin.end();
    const checkout = await write(base, alice, 'POST', '/api/subscription/checkout', { plan: 'monthly' });
    const session = new URL(((await checkout.json()) as { url: string }).url, base).searchParams.get(
      'session',
    );
    expect((await write(base, alice, 'POST', '/api/subscription/demo/complete', { session })).status).toBe(
      200,
    );

    expect(
      (await write(base, bob, 'PATCH', `/api/users/${bob.userId}`, { bio: 'Gaffer, 20 years on features' }))
        .status,
    ).toBe(200);
    expect(
      (await write(base, bob, 'POST', `/api/users/${bob.userId}/tags`, { tag: 'Steadicam' })).status,
    ).toBe(201);
    const review = await write(base, alice, 'POST', `/api/users/${bob.userId}/reviews`, {
      rating: 5,
      text: 'Lit the night exteriors beautifully, on time and calm.',
    });
    expect(review.status).toBe(201);
    const conversation = await write(base, alice, 'POST', '/api/conversations', {
      userId: bob.userId,
      body: 'Are you free for a shoot in March?',
    });
    expect(conversation.status).toBe(201);
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'head.png');
    const avatar = await fetch(`${base}/api/users/${bob.userId}/avatar`, {
      method: 'POST',
      headers: { cookie: bob.cookie, 'csrf-token': bob.csrf },
      body: form,
    });
    expect(avatar.status).toBe(200);
    const { profileImage } = (await avatar.json()) as { profileImage: string };
    const imageBytes = Buffer.from(await (await fetch(`${base}${profileImage}`)).arrayBuffer());
    expect(imageBytes.length).toBeGreaterThan(0);

    // The backup runs beside the running server, on its embedded PostgreSQL.
    const archive = path.join(await tempDir('crewbase-archive-'), 'crewbase.tar.gz');
    const backup = await cli(['backup', archive], { DATA_DIR: source }, children);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('Backup written to');
    first.child.kill('SIGTERM');
    expect(await first.exited()).toBe(0);

    const target = await tempDir('crewbase-backup-dst-');
    const restore = await cli(['restore', archive], { DATA_DIR: target }, children);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('2 members');
    // A second restore into the now populated directory is refused, and changes nothing.
    const again = await cli(['restore', archive], { DATA_DIR: target }, children);
    expect(again.code).toBe(1);
    expect(again.output).toContain('The database is not empty');

    const second = await startServer({ ...env, DATA_DIR: target }, children);
    const restored = `http://127.0.0.1:${second.port}`;
    const profile = (await (await fetch(`${restored}/api/users/${bob.userId}`)).json()) as {
      bio: string;
      profileImage: string;
      tags: Array<{ tag: string }>;
    };
    expect(profile.bio).toBe('Gaffer, 20 years on features');
    expect(profile.tags.map((t) => t.tag)).toEqual(['Steadicam']);
    expect(profile.profileImage).toBe(profileImage);
    const restoredImage = await fetch(`${restored}${profileImage}`);
    expect(restoredImage.status).toBe(200);
    expect(Buffer.from(await restoredImage.arrayBuffer()).equals(imageBytes)).toBe(true);

    const reviews = (await (await fetch(`${restored}/api/users/${bob.userId}/reviews`)).json()) as {
      reviews: Array<{ text: string }>;
    };
    expect(reviews.reviews.map((r) => r.text)).toEqual([
      'Lit the night exteriors beautifully, on time and calm.',
    ]);

    // Bob signs in with his password on the restored server and reads Alice's message.
    const csrf = await fetch(`${restored}/api/csrf-token`);
    const preCookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const login = await fetch(`${restored}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: preCookie, 'csrf-token': csrfToken },
      body: JSON.stringify({ username: `bob${stamp}`, password: 'gaffer-tape-42' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const list = (await (await fetch(`${restored}/api/conversations`, { headers: { cookie } })).json()) as {
      conversations: Array<{ id: number }>;
    };
    expect(list.conversations).toHaveLength(1);
    const messages = (await (
      await fetch(`${restored}/api/conversations/${list.conversations[0]?.id}/messages`, {
        headers: { cookie },
      })
    ).json()) as { messages: Array<{ body: string }> };
    expect(messages.messages.map((m) => m.body)).toEqual(['Are you free for a shoot in March?']);

    // New rows continue after the restored ids.
    const carol = await signUp(restored, `carol${stamp}`);
    expect(carol.userId).toBeGreaterThan(bob.userId);
    second.child.kill('SIGTERM');
    expect(await second.exited()).toBe(0);
  }, 120_000);
});
