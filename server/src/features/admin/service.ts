import { accountActionDecision, revokeSessionDecision } from '#common/policies/staff';
import type {
  AuditResponse,
  ReportListResponse,
  ResolveReportRequest,
  StaffSession,
  StaffUser,
} from '#common/schemas/admin';
import { STAFF_MESSAGES } from '#common/schemas/admin';
import type { UserRole } from '#common/schemas/auth';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '#server/errors.ts';
import { insertSecurityEvent, recordSecurityEvent } from '#server/features/auth/index.ts';
import { announce, notify } from '#server/features/notifications/index.ts';
import { hideReview, restoreReview } from '#server/features/reviews/index.ts';
import type { RequestMeta } from '#server/http/request-auth.ts';
import { type Actor, recordAudit } from './audit.ts';
import * as q from './queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

function toStaffUser(row: NonNullable<Awaited<ReturnType<typeof q.findStaffUser>>>): StaffUser {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    featuredAt: row.featuredAt?.toISOString() ?? null,
  };
}

export async function listReports(db: Database, status: 'open' | 'resolved'): Promise<ReportListResponse> {
  const rows = await q.listReportGroups(db, status);
  return {
    reports: rows.map((row) => ({
      id: row.id,
      kind: 'review' as const,
      review: {
        id: row.review_id,
        rating: row.rating,
        text: row.text,
        projectName: row.project_name,
        createdAt: iso(row.created_at),
        hidden: row.hidden,
        subject: row.subject,
        reviewer: row.reviewer,
      },
      reporters: row.reporters.map((r) => ({ ...r, reportedAt: iso(r.reportedAt) })),
      resolution: row.resolution,
      resolvedAt: row.resolved_at ? iso(row.resolved_at) : null,
    })),
  };
}

/** Hide (the review goes, aggregates recomputed) or dismiss; every open report of that review closes. */
export async function resolveReport(
  db: Database,
  reportId: number,
  input: ResolveReportRequest,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const report = await q.lockReport(tx, reportId);
    if (!report) throw new NotFoundError(STAFF_MESSAGES.reportNotFound);
    if (report.resolvedAt) throw new ConflictError(STAFF_MESSAGES.reportResolved);
    const hidden = input.action === 'hide' ? await hideReview(tx, report.reviewId) : null;
    const resolved = await q.resolveOpenReports(tx, report.reviewId, input.action, actor.id);
    await recordAudit(tx, actor, {
      action: 'report_resolved',
      targetType: 'report',
      targetId: reportId,
      reason: input.reason,
      detail: { action: input.action, reviewId: report.reviewId, reports: resolved.length },
    });
    return { subjectId: hidden?.subjectId ?? null };
  });
}

export async function setReviewHidden(
  db: Database,
  reviewId: number,
  hidden: boolean,
  reason: string,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const result = hidden ? await hideReview(tx, reviewId) : await restoreReview(tx, reviewId);
    // Hiding answers the open reports of the review too: nothing is left to decide.
    if (hidden) await q.resolveOpenReports(tx, reviewId, 'hide', actor.id);
    await recordAudit(tx, actor, {
      action: hidden ? 'review_hidden' : 'review_restored',
      targetType: 'review',
      targetId: reviewId,
      reason,
      detail: { changed: result.changed, subjectId: result.subjectId },
    });
    return result;
  });
}

async function lockTarget(tx: q.Executor, userId: number, actor: Actor) {
  const target = await q.lockUser(tx, userId);
  if (!target) throw new NotFoundError(STAFF_MESSAGES.userNotFound);
  const decision = accountActionDecision(actor, target);
  if (!decision.ok && decision.reason === 'self') throw new BadRequestError(STAFF_MESSAGES.notYourself);
  if (!decision.ok) throw new ForbiddenError(STAFF_MESSAGES.staffOnlyByAdmin);
  return target;
}

/**
 * Suspends or restores an account. Suspending ends every session at once, and the sockets of
 * those sessions on every instance close when the transaction commits (the realtime bus).
 */
export async function setSuspended(
  db: Database,
  userId: number,
  suspended: boolean,
  reason: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<StaffUser> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId, actor);
    if ((target.suspendedAt !== null) !== suspended) await q.setSuspended(tx, userId, suspended);
    if (suspended) await endSessions(tx, userId);
    await recordAudit(tx, actor, {
      action: suspended ? 'user_suspended' : 'user_restored',
      targetType: 'user',
      targetId: userId,
      reason,
    });
  });
  await recordSecurityEvent(db, meta, {
    type: suspended ? 'account_suspended' : 'account_restored',
    userId,
    detail: { by: actor.username },
  });
  return requireStaffUser(db, userId);
}

/** Featured profiles lead the home page; the member hears about it once, when featured. */
export async function setFeatured(db: Database, userId: number, featured: boolean, actor: Actor) {
  await db.transaction(async (tx) => {
    const target = await q.lockUser(tx, userId);
    if (!target) throw new NotFoundError(STAFF_MESSAGES.userNotFound);
    if (featured && target.suspendedAt) throw new ConflictError(STAFF_MESSAGES.suspendedNotFeatured);
    const changed = (target.featuredAt !== null) !== featured;
    if (changed) await q.setFeatured(tx, userId, featured);
    if (changed && featured) {
      await notify(
        tx,
        userId,
        'profile_featured',
        'Your profile is featured',
        'The CrewBase team picked your profile to feature on the home page. Congratulations!',
      );
    }
    await recordAudit(tx, actor, {
      action: featured ? 'profile_featured' : 'profile_unfeatured',
      targetType: 'user',
      targetId: userId,
      reason: featured ? 'Featured on the home page' : 'No longer featured',
      detail: { changed },
    });
  });
  return requireStaffUser(db, userId);
}

/** Every session of the member ends; their sockets close on every instance when the transaction commits. */
async function endSessions(tx: q.Executor, userId: number): Promise<number> {
  const ended = await q.deleteUserSessions(tx, userId);
  await announce(
    tx,
    ended.map((s) => ({ k: 's' as const, s })),
  );
  return ended.length;
}

/** Who `npm run admin` is recorded as: no account, so actor id 0 and the operating-system user. */
const CONSOLE_ACTOR_ID = 0;

/**
 * A new role takes effect on a fresh sign-in: every session of the member ends (a staff power
 * gained must be used with a second factor shown after it, one lost must not linger in an open
 * tab). The audit row says so, and where the change was made.
 */
async function setRoleAudited(
  tx: q.Executor,
  target: { id: number; role: UserRole },
  role: UserRole,
  actor: Pick<Actor, 'id' | 'username'>,
) {
  await q.setRole(tx, target.id, role);
  const sessionsEnded = await endSessions(tx, target.id);
  const where = actor.id === CONSOLE_ACTOR_ID ? " at the server's console" : '';
  await recordAudit(tx, actor, {
    action: 'role_changed',
    targetType: 'user',
    targetId: target.id,
    reason: `Role changed from ${target.role} to ${role}${where}`,
    detail: { from: target.role, to: role, sessionsEnded },
  });
}

export async function changeRole(
  db: Database,
  userId: number,
  role: UserRole,
  actor: Actor,
  meta: RequestMeta,
): Promise<StaffUser> {
  const from = await db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId, actor);
    await setRoleAudited(tx, target, role, actor);
    return target.role;
  });
  await recordSecurityEvent(db, meta, {
    type: 'role_changed',
    userId,
    detail: { from, to: role, by: actor.username },
  });
  return requireStaffUser(db, userId);
}

/**
 * `npm run admin`: a role change made at the server's console, recorded like one made on the staff
 * pages (audit row, security event, the member's sessions ended). Null when no account has that name.
 */
export async function changeRoleAtConsole(db: Database, username: string, role: UserRole, operator: string) {
  const changed = await db.transaction(async (tx) => {
    const target = await q.lockUserByName(tx, username);
    if (!target) return null;
    await setRoleAudited(tx, target, role, { id: CONSOLE_ACTOR_ID, username: `npm run admin (${operator})` });
    return target;
  });
  if (!changed) return null;
  await insertSecurityEvent(db, {
    type: 'role_changed',
    userId: changed.id,
    detail: { from: changed.role, to: role, by: 'cli' },
  });
  return { username: changed.username, from: changed.role, twoFactorEnabled: changed.twoFactorEnabled };
}

export async function requireStaffUser(db: Database, userId: number): Promise<StaffUser> {
  const row = await q.findStaffUser(db, userId);
  if (!row) throw new NotFoundError(STAFF_MESSAGES.userNotFound);
  return toStaffUser(row);
}

export async function lookupUsers(db: Database, text: string) {
  return { users: (await q.lookupUsers(db, text)).map(toStaffUser) };
}

export async function listSessions(
  db: Database,
  userId: number,
  actor: Actor,
): Promise<{ sessions: StaffSession[] }> {
  await requireStaffUser(db, userId);
  const rows = await q.listLiveSessions(db, userId);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === actor.sessionId,
    })),
  };
}

/** Ends one session (its sockets close on every instance); someone else's needs re-authentication. */
export async function revokeSession(
  db: Database,
  sessionId: number,
  reason: string,
  actor: Actor,
  meta: RequestMeta,
) {
  const found = await q.findSession(db, sessionId);
  if (!found) throw new NotFoundError(STAFF_MESSAGES.sessionNotFound);
  if (!revokeSessionDecision(actor, found).ok) throw new ForbiddenError(STAFF_MESSAGES.reauthRequired);
  const ended = await db.transaction(async (tx) => {
    const deleted = await q.deleteSession(tx, sessionId);
    if (!deleted) throw new NotFoundError(STAFF_MESSAGES.sessionNotFound);
    await announce(tx, [{ k: 's', s: sessionId }]);
    await recordAudit(tx, actor, {
      action: 'session_revoked',
      targetType: 'session',
      targetId: sessionId,
      reason,
      detail: { userId: deleted.userId },
    });
    return deleted;
  });
  await recordSecurityEvent(db, meta, {
    type: 'session_revoked',
    userId: ended.userId,
    detail: { sessionId, by: actor.username },
  });
}

export async function listAudit(db: Database, cursor: number | undefined): Promise<AuditResponse> {
  const rows = await q.listAudit(db, cursor);
  const page = rows.slice(0, q.AUDIT_PAGE);
  return {
    entries: page.map((row) => ({
      id: row.id,
      actor: { id: row.actorId, username: row.actorName },
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      reason: row.reason,
      detail: row.detail ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > q.AUDIT_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}
