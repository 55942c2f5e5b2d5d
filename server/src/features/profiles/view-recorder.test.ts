import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { profileViews, users } from '#server/db/schema/index.ts';
import { newUser } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createViewRecorder } from './view-recorder.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

async function crewMember(): Promise<number> {
  const user = newUser('view');
  const [row] = await t.db
    .insert(users)
    .values({ username: user.username, email: user.email })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

const viewsOf = async (ids: number[]) =>
  t.db
    .select({ profileId: profileViews.profileId, viewerKey: profileViews.viewerKey })
    .from(profileViews)
    .where(inArray(profileViews.profileId, ids))
    .orderBy(profileViews.profileId, profileViews.viewerKey);

describe('the profile view recorder', () => {
  it('keeps every other view of a batch that holds a view of a profile deleted before the write', async () => {
    const [kept, deleted, alsoKept] = [await crewMember(), await crewMember(), await crewMember()];
    const onError = vi.fn();
    const recorder = createViewRecorder(t.db, onError);
    recorder.record(kept, 'net:10.1.0.0');
    recorder.record(deleted, 'net:10.1.0.0');
    recorder.record(alsoKept, 'user:1');
    recorder.record(alsoKept, 'net:10.2.0.0');
    await t.db.delete(users).where(eq(users.id, deleted));
    await recorder.close();
    expect(onError).not.toHaveBeenCalled();
    expect(await viewsOf([kept, deleted, alsoKept])).toEqual([
      { profileId: kept, viewerKey: 'net:10.1.0.0' },
      { profileId: alsoKept, viewerKey: 'net:10.2.0.0' },
      { profileId: alsoKept, viewerKey: 'user:1' },
    ]);
  });

  it('does not count a view of a member who deleted their account before the write', async () => {
    const [kept, leaving] = [await crewMember(), await crewMember()];
    const recorder = createViewRecorder(t.db, vi.fn());
    recorder.record(kept, 'net:10.4.0.0');
    recorder.record(leaving, 'net:10.4.0.0');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaving));
    await recorder.close();
    expect(await viewsOf([kept, leaving])).toEqual([{ profileId: kept, viewerKey: 'net:10.4.0.0' }]);
  });

  it('does not count a view of a profile that does not exist, and the next views still land', async () => {
    const id = await crewMember();
    const missing = id + 1_000_000;
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${missing}` });
    expect(res.statusCode).toBe(404);
    const seen = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, remoteAddress: '10.3.0.1' });
    expect(seen.statusCode).toBe(200);
    // The app's recorder writes its batch every 2 s.
    await vi.waitFor(async () => expect(await viewsOf([id, missing])).toHaveLength(1), { timeout: 5_000 });
    expect(await viewsOf([missing])).toEqual([]);
  });
});
