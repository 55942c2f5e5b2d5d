import { type AskedNotification, type Executor, settleAsked } from './queries.ts';
import { announce } from './realtime/announce.ts';

/**
 * Issue 31: what a notification asked (a booking request or hold, a team invitation, a connection
 * request) was answered, cancelled, confirmed or lapsed, by anyone and from anywhere. Called in the
 * transaction that changed it: the notifications that asked it are marked read when `answeredBy` is
 * their recipient (answering from the booking's own page reads its notification too), and once the
 * transaction commits every tab of each recipient is sent the notification again, with its
 * `resolved` outcome and the unread count, so no tab keeps offering Accept and Decline.
 */
export async function resolveAsked(
  executor: Executor,
  asked: AskedNotification[],
  options: { answeredBy?: number } = {},
): Promise<void> {
  const rows = await settleAsked(executor, asked, options.answeredBy ?? null);
  await announce(
    executor,
    rows.map((row) => ({ k: 'u', id: row.id, u: row.userId })),
  );
}
