import type { Database } from '#server/db/client.ts';
import { type AuditAction, insertAuditEntry } from './queries.ts';

type Executor = Pick<Database, 'insert'>;

export interface Actor {
  id: number;
  username: string;
  role: 'user' | 'moderator' | 'admin';
  sessionId: number;
  reauthenticatedAt: Date;
}

/**
 * The one way a staff action is recorded, in the caller's transaction: if the action rolls back,
 * so does its audit row, and no action commits without one. Rows are never changed (0015 trigger).
 */
export function recordAudit(
  tx: Executor,
  actor: Pick<Actor, 'id' | 'username'>,
  entry: {
    action: AuditAction;
    targetType: 'review' | 'user' | 'report' | 'session' | 'call' | 'call_report';
    targetId: number;
    reason: string;
    detail?: Record<string, unknown>;
  },
) {
  return insertAuditEntry(tx, { actorId: actor.id, actorName: actor.username, ...entry });
}
