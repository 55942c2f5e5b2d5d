import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authThrottles, type ThrottleKind } from '#server/db/schema/index.ts';

export type { ThrottleKind };

type Executor = Pick<Database, 'insert' | 'update'>;

/**
 * Counts one more try for this account and kind, in one statement (a new window when the last one
 * is over), and answers the count and when the window ends. Concurrent tries queue on the row, so
 * each sees the ones before it.
 */
export async function countTry(db: Executor, userId: number, kind: ThrottleKind, windowMinutes: number) {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const expired = sql`${authThrottles.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(authThrottles)
    .values({ userId, kind, windowStartedAt: sql`now()`, failures: 1 })
    .onConflictDoUpdate({
      target: [authThrottles.userId, authThrottles.kind],
      set: {
        failures: sql`case when ${expired} then 1 else ${authThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authThrottles.windowStartedAt} end`,
      },
    })
    .returning({
      tries: authThrottles.failures,
      endsAt: sql<Date>`${authThrottles.windowStartedAt} + ${window}`.mapWith(authThrottles.windowStartedAt),
    });
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** A try that proved right was not a failure: it gives its place back. */
export function uncountTry(db: Executor, userId: number, kind: ThrottleKind) {
  return db
    .update(authThrottles)
    .set({ failures: sql`greatest(${authThrottles.failures} - 1, 0)` })
    .where(and(eq(authThrottles.userId, userId), eq(authThrottles.kind, kind)));
}
