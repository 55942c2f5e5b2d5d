import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

type Executor = Pick<Database, 'execute'>;

/**
 * "These members have an open socket here now": one statement for all of them. In id order, so
 * two instances writing the same members at once take their row locks in the same order; a member
 * deleted meanwhile is left out rather than failing the rest.
 */
export async function recordPresence(db: Executor, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into member_presence (user_id, seen_at)
    select u.id, now() from unnest(${sql.param([...userIds].sort((a, b) => a - b))}::int[]) as p(id)
      join users u on u.id = p.id
    order by u.id
    on conflict (user_id) do update set seen_at = excluded.seen_at`);
}

/** When each of these members last had an open socket on any instance (absent: never, or not since the table began). */
export async function lastOnline(db: Executor, userIds: number[]): Promise<Map<number, Date>> {
  const { rows } = await db.execute<{ user_id: number; seen_at: string | Date }>(sql`
    select user_id, seen_at from member_presence where user_id = any(${sql.param(userIds)}::int[])`);
  return new Map(rows.map((row) => [row.user_id, new Date(row.seen_at)]));
}
