import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { encodeEvent, PG_CHANNEL, type RealtimeEvent } from './events.ts';

type Executor = Pick<Database, 'execute'>;

/** Each transaction's fate as PostgreSQL knows it: 'committed', 'aborted', 'in progress', or null. */
export async function transactionStatuses(db: Executor, xids: string[]) {
  const result = await db.execute<{ xid: string; status: string | null }>(sql`
    select x::text as xid, pg_xact_status(x) as status
    from unnest(${sql.param(xids)}::xid8[]) as x`);
  return result.rows;
}

/** The id of the caller's transaction, for the commit watcher. */
export async function currentTransactionId(executor: Executor): Promise<string | undefined> {
  const { rows } = await executor.execute<{ xid: string }>(sql`select pg_current_xact_id()::text as xid`);
  return rows[0]?.xid;
}

/** NOTIFY for each event: held by PostgreSQL until the caller's transaction commits. */
export async function notifyEvents(executor: Executor, events: RealtimeEvent[]): Promise<void> {
  await executor.execute(sql`select pg_notify(${PG_CHANNEL}, payload)
    from unnest(${sql.param(events.map(encodeEvent))}::text[]) as payload`);
}

/** NOTIFY for one event, outside any transaction of the caller's. */
export async function notifyEvent(db: Executor, event: RealtimeEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${PG_CHANNEL}, ${encodeEvent(event)})`);
}
