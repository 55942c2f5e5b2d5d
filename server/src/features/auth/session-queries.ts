import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/index.ts';

type Executor = Pick<Database, 'select' | 'delete'>;

/** A member's sessions that have not expired, newest first, for "Your devices". */
export function listLiveSessions(db: Executor, userId: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** Ends one of the member's sessions; answers its id, or nothing when it is not theirs or is gone. */
export function deleteMemberSession(db: Executor, userId: number, sessionId: number) {
  return db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id })
    .then((rows) => rows[0]);
}

/** Ends every session of the member but `keepSessionId` (every one for null); answers the ids ended. */
export function deleteMemberSessionsExcept(db: Executor, userId: number, keepSessionId: number | null) {
  return db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), keepSessionId === null ? undefined : ne(sessions.id, keepSessionId)),
    )
    .returning({ id: sessions.id })
    .then((rows) => rows.map((row) => row.id));
}

/** Ends the session a browser's cookie names, live or not; answers its id when there was one. */
export function deleteSessionByTokenHash(db: Executor, tokenHash: string) {
  return db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ id: sessions.id })
    .then((rows) => rows[0]);
}
