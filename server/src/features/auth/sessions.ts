import type { AccountSession } from '#common/schemas/auth';
import type { Database } from '#server/db/client.ts';
import { NotFoundError } from '#server/errors.ts';
import type { RequestMeta } from '#server/http/request-auth.ts';
import { recordSecurityEvent } from './service.ts';
import * as sq from './session-queries.ts';

export const SESSION_NOT_FOUND = 'That device is not signed in any more';

/** The member's signed-in browsers, newest first, the one asking marked `current`. */
export async function listSessions(db: Database, userId: number, currentSessionId: number) {
  const rows = await sq.listLiveSessions(db, userId);
  return rows.map(
    (row): AccountSession => ({
      id: row.id,
      current: row.id === currentSessionId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastUsedAt.toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
    }),
  );
}

/**
 * Signs one of the member's browsers out. Another member's session answers the same 404 as one
 * that does not exist, so ids cannot be probed.
 */
export async function endSession(db: Database, userId: number, sessionId: number, meta: RequestMeta) {
  const ended = await sq.deleteMemberSession(db, userId, sessionId);
  if (!ended) throw new NotFoundError(SESSION_NOT_FOUND);
  await recordSecurityEvent(db, meta, { type: 'session_revoked', userId, detail: { sessionId, by: 'self' } });
}

/** "Sign out everywhere else": every session of the member but the one asking; answers the ids ended. */
export async function endOtherSessions(
  db: Database,
  userId: number,
  currentSessionId: number,
  meta: RequestMeta,
) {
  const ended = await sq.deleteMemberSessionsExcept(db, userId, currentSessionId);
  await recordSecurityEvent(db, meta, {
    type: 'session_revoked',
    userId,
    detail: { sessionIds: ended, by: 'self', everywhereElse: true },
  });
  return ended;
}
