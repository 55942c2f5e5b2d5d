import type { ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_DATABASE } from '../src/db/database-url.ts';
import { runningEmbeddedUrl } from '../src/db/embedded.ts';
import { killAll, type Session, signUp, startServer } from './process.ts';

interface Acknowledged {
  tags: string[];
  /** Bios sent, in order, and the index of the last one answered 200 (-1: none). */
  bios: string[];
  lastBio: number;
  /** Subjects whose review from this client was answered 201. */
  reviewed: number[];
}

/**
 * Issue 21, scenario 1: eight clients write tags, profile edits and reviews (each review also
 * writes the subject's notification and rating summary); mid-burst the server and its embedded
 * PostgreSQL are killed with SIGKILL. After a restart every write answered 2xx is there, and the
 * rating summaries equal a recount of the reviews (nothing half-written).
 */
describe('kill -9 under writes', () => {
  const children: ChildProcess[] = [];
  let dataDir = '';
  afterAll(async () => {
    killAll(children);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and no half-written one', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crewbase-crash-'));
    await chmod(dataDir, 0o755);
    const env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'never',
      DATABASE_URL: undefined,
      RATE_LIMIT_MULTIPLIER: '100',
      LOG_LEVEL: 'info',
    };
    const first = await startServer(env, children);
    const base = `http://127.0.0.1:${first.port}`;
    const stamp = process.pid % 100_000;
    const members: Session[] = [];
    for (let i = 0; i < 8; i += 1) members.push(await signUp(base, `crash${stamp}x${i}`));
    const dbUrl = (await runningEmbeddedUrl(path.join(dataDir, 'postgres'), APP_DATABASE)) ?? '';
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    await admin.query(`update users set created_at = now() - interval '3 days'`);
    await admin.end();
    const pgPid = Number.parseInt(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10,
    );

    const send = (me: Session, method: string, url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', cookie: me.cookie, 'csrf-token': me.csrf },
        body: JSON.stringify(body),
      }).then(
        (response) => response.status,
        () => 0, // the connection died with the server: not acknowledged
      );

    const acknowledged: Acknowledged[] = members.map(() => ({
      tags: [],
      bios: [],
      lastBio: -1,
      reviewed: [],
    }));
    let answered = 0;
    let killed = false;
    const client = async (i: number) => {
      const me = members[i] as Session;
      const mine = acknowledged[i] as Acknowledged;
      for (let n = 0; !killed && n < 200; n += 1) {
        const tag = `t${i}n${n}`;
        if ((await send(me, 'POST', `/api/users/${me.userId}/tags`, { tag })) === 201) mine.tags.push(tag);
        const bio = `Bio ${i} version ${n}`;
        mine.bios.push(bio);
        if ((await send(me, 'PATCH', `/api/users/${me.userId}`, { bio })) === 200)
          mine.lastBio = mine.bios.length - 1;
        const subject = members[(i + 1 + (n % 7)) % 8] as Session;
        if (n < 7) {
          const status = await send(me, 'POST', `/api/users/${subject.userId}/reviews`, {
            rating: 1 + ((i + n) % 5),
            text: `Review ${i} of ${subject.userId}: reliable and quick on set.`,
          });
          if (status === 201) mine.reviewed.push(subject.userId);
        }
        answered += 1;
      }
    };
    const burst = members.map((_m, i) => client(i));
    // Mid-burst: once the clients have made some progress, both processes die at once.
    while (answered < 40) await new Promise((resolve) => setTimeout(resolve, 10));
    killed = true;
    first.child.kill('SIGKILL');
    process.kill(pgPid, 'SIGKILL');
    await Promise.all(burst);
    await first.exited();

    const second = await startServer(env, children);
    const restarted = `http://127.0.0.1:${second.port}`;
    for (const [i, me] of members.entries()) {
      const mine = acknowledged[i] as Acknowledged;
      const profile = (await (await fetch(`${restarted}/api/users/${me.userId}`)).json()) as {
        bio: string | null;
        tags: Array<{ tag: string }>;
      };
      const tags = profile.tags.map((t) => t.tag);
      for (const tag of mine.tags) expect(tags).toContain(tag);
      // The last acknowledged bio, or one sent after it whose answer the kill cut off.
      if (mine.lastBio >= 0) expect(mine.bios.slice(mine.lastBio)).toContain(profile.bio);
    }
    const check = new pg.Client({
      connectionString: (await runningEmbeddedUrl(path.join(dataDir, 'postgres'), APP_DATABASE)) ?? '',
    });
    await check.connect();
    try {
      const { rows: reviews } = await check.query<{ subject: number; reviewer: number }>(
        'select subject_id as subject, reviewer_id as reviewer from reviews',
      );
      for (const [i, me] of members.entries()) {
        for (const subject of (acknowledged[i] as Acknowledged).reviewed) {
          expect(reviews).toContainEqual({ subject, reviewer: me.userId });
        }
      }
      const { rows: mismatched } = await check.query(
        `select s.user_id from rating_summaries s
         left join (select subject_id, count(*)::int as n, sum(rating)::int as total,
                           count(*) filter (where rating = 5)::int as fives
                    from reviews where hidden_at is null group by subject_id) r on r.subject_id = s.user_id
         where s.review_count <> coalesce(r.n, 0) or s.rating_sum <> coalesce(r.total, 0)
            or s.count_5 <> coalesce(r.fives, 0)`,
      );
      expect(mismatched).toEqual([]);
      const { rows: missing } = await check.query(
        `select subject_id from reviews r where not exists (select 1 from rating_summaries s where s.user_id = r.subject_id)`,
      );
      expect(missing).toEqual([]);
    } finally {
      await check.end();
    }
    const total = acknowledged.reduce(
      (sum, a) => sum + a.tags.length + (a.lastBio + 1 > 0 ? 1 : 0) + a.reviewed.length,
      0,
    );
    expect(total).toBeGreaterThan(40);
    second.child.kill('SIGTERM');
    expect(await second.exited()).toBe(0);
  }, 120_000);
});
