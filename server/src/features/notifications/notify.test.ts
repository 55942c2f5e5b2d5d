import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { notificationPreferences, notifications, users } from '#server/db/schema/index.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import { notify } from './notify.ts';

let db: Database;
let counter = 0;

beforeAll(async () => {
  db = (await createTestDatabase()).handle.db;
});

async function recipient(preferences?: Partial<typeof notificationPreferences.$inferInsert>) {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({ username: `notified${counter}`, email: `notified${counter}@example.com` })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  if (preferences) await db.insert(notificationPreferences).values({ userId: user.id, ...preferences });
  return user.id;
}

const rowsOf = (userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId));

describe('notify', () => {
  it('writes the notification when the recipient has no preferences (everything on)', async () => {
    const userId = await recipient();
    const created = await notify(db, userId, 'review', 'New review', 'Sam left you a 5-star review.', {
      reviewId: 7,
      rating: 5,
    });
    expect(created).toMatchObject({
      userId,
      type: 'review',
      title: 'New review',
      message: 'Sam left you a 5-star review.',
      isRead: false,
      data: { reviewId: 7, rating: 5 },
    });
    expect(created?.createdAt).toBeInstanceOf(Date);
    expect(await rowsOf(userId)).toHaveLength(1);
  });

  it.each([
    ['review', 'reviewNotifications'],
    ['system', 'systemNotifications'],
    ['message', 'messageNotifications'],
    ['team_invite', 'teamInviteNotifications'],
  ] as const)('honours the preference for %s (%s)', async (type, preference) => {
    const off = await recipient({ [preference]: false });
    expect(await notify(db, off, type, 'Title', 'Message')).toBeNull();
    expect(await rowsOf(off)).toHaveLength(0);
    // Other types still arrive for that person.
    const other = type === 'review' ? 'system' : 'review';
    expect(await notify(db, off, other, 'Title', 'Message')).not.toBeNull();

    const on = await recipient({ [preference]: true });
    expect(await notify(db, on, type, 'Title', 'Message')).not.toBeNull();
    expect(await rowsOf(on)).toHaveLength(1);
  });

  it('always delivers types without a preference of their own', async () => {
    const userId = await recipient({
      reviewNotifications: false,
      systemNotifications: false,
      messageNotifications: false,
      teamInviteNotifications: false,
    });
    expect(
      await notify(db, userId, 'connection_request', 'Connection request', 'Jo wants to connect.'),
    ).not.toBeNull();
    expect((await rowsOf(userId))[0]?.data).toBeNull();
  });

  it("writes in the caller's transaction: a rollback leaves no notification", async () => {
    const userId = await recipient();
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, userId, 'review', 'New review', 'Lost with the transaction.');
        throw new Error('the review write failed');
      }),
    ).rejects.toThrow('the review write failed');
    expect(await rowsOf(userId)).toHaveLength(0);
  });
});
