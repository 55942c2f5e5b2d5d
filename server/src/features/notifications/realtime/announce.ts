import type { Database } from '#server/db/client.ts';
import { activeCommitWatcher } from './after-commit.ts';
import { currentTransactionId, notifyEvents } from './bus-queries.ts';
import type { RealtimeEvent } from './events.ts';

/**
 * Announces events to every instance once the caller's transaction commits, and never if it
 * rolls back: the same two ways notify() does it (a NOTIFY held by PostgreSQL until commit, or
 * the commit watcher for Redis). For features whose rows are not notifications (direct messages).
 */
export async function announce(executor: Pick<Database, 'execute'>, events: RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  const watcher = activeCommitWatcher();
  if (watcher) {
    const xid = await currentTransactionId(executor);
    if (xid) for (const event of events) watcher.watch(xid, event);
    return;
  }
  await notifyEvents(executor, events);
}
