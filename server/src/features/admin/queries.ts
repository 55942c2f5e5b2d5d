import { and, desc, eq, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  type AuditAction,
  auditLog,
  loginChallenges,
  reviewReports,
  sessions,
  users,
} from '#server/db/schema/index.ts';

export type { AuditAction };

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface ReportGroupRow extends Record<string, unknown> {
  id: number;
  review_id: number;
  rating: number;
  text: string;
  project_name: string | null;
  created_at: Date;
  hidden: boolean;
  subject: { id: number; username: string; displayName: string | null; fallbackName: string };
  reviewer: { id: number; username: string; displayName: string | null; fallbackName: string };
  reporters: {
    id: number;
    username: string;
    displayName: string | null;
    fallbackName: string;
    reason: string;
    reportedAt: string;
  }[];
  resolution: 'hide' | 'dismiss' | null;
  resolved_at: Date | null;
}

const personJson = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'displayName', ${alias}.display_name, 'fallbackName', ${alias}.fallback_name)`,
  );

/**
 * Reports grouped by the review they name (one entry however many people reported it), with the
 * review in context and every reporter; open ones oldest first, resolved ones newest first.
 */
export async function listReportGroups(db: Executor, status: 'open' | 'resolved') {
  const open = status === 'open';
  const { rows } = await db.execute<ReportGroupRow>(sql`
    select min(rr.id)::int as id, r.id as review_id, r.rating, r.text, r.project_name, r.created_at,
      r.hidden_at is not null as hidden,
      ${personJson('s')} as subject, ${personJson('v')} as reviewer,
      json_agg(json_build_object('id', p.id, 'username', p.username, 'displayName', p.display_name,
        'fallbackName', p.fallback_name, 'reason', rr.reason, 'reportedAt', rr.created_at) order by rr.created_at) as reporters,
      max(rr.resolution) as resolution, rr.resolved_at
    from review_reports rr
    join reviews r on r.id = rr.review_id
    join users s on s.id = r.subject_id
    join users v on v.id = r.reviewer_id
    join users p on p.id = rr.reporter_id
    where ${open ? sql`rr.resolved_at is null` : sql`rr.resolved_at is not null`}
    group by r.id, s.id, v.id, rr.resolved_at
    order by ${open ? sql`min(rr.created_at)` : sql`rr.resolved_at desc`}
    limit 100`);
  return rows;
}

export function lockReport(tx: Executor, reportId: number) {
  return tx
    .select({ id: reviewReports.id, reviewId: reviewReports.reviewId, resolvedAt: reviewReports.resolvedAt })
    .from(reviewReports)
    .where(eq(reviewReports.id, reportId))
    .for('update')
    .then((rows) => rows[0]);
}

/** Resolves every open report of a review at once: one decision answers all its reporters. */
export function resolveOpenReports(
  tx: Executor,
  reviewId: number,
  resolution: 'hide' | 'dismiss',
  moderatorId: number,
) {
  return tx
    .update(reviewReports)
    .set({ resolvedAt: sql`now()`, resolution, resolvedBy: moderatorId })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
    .returning({ id: reviewReports.id });
}

export const staffUserColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  fallbackName: users.fallbackName,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  featuredAt: users.featuredAt,
  twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
};

export function findStaffUser(db: Executor, userId: number) {
  return db
    .select(staffUserColumns)
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

export function lockUser(tx: Executor, userId: number) {
  return tx
    .select(staffUserColumns)
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .then((rows) => rows[0]);
}

/** An account by its exact username, in any case, locked for a change of its role. */
export function lockUserByName(tx: Executor, username: string) {
  return tx
    .select(staffUserColumns)
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .for('update')
    .then((rows) => rows[0]);
}

/** By id when the text is a number, else by name or address (any case, part of it). */
export function lookupUsers(db: Executor, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byId = /^\d{1,9}$/.test(text) ? eq(users.id, Number(text)) : undefined;
  return db
    .select(staffUserColumns)
    .from(users)
    .where(
      or(
        byId,
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.displayName, pattern),
      ),
    )
    .orderBy(sql`lower(${users.username}) = ${text.toLowerCase()} desc`, users.username)
    .limit(20);
}

export function setSuspended(tx: Executor, userId: number, suspended: boolean) {
  return tx
    .update(users)
    .set({ suspendedAt: suspended ? sql`now()` : null })
    .where(eq(users.id, userId));
}

export function setFeatured(tx: Executor, userId: number, featured: boolean) {
  return tx
    .update(users)
    .set({ featuredAt: featured ? sql`now()` : null })
    .where(eq(users.id, userId));
}

export function setRole(tx: Executor, userId: number, role: 'user' | 'moderator' | 'admin') {
  return tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Ends every session of a user (and any half-finished two-factor sign-in); answers the ids. */
export async function deleteUserSessions(tx: Executor, userId: number) {
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export function listLiveSessions(db: Executor, userId: number) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.lastUsedAt));
}

export function deleteSession(tx: Executor, sessionId: number) {
  return tx
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ id: sessions.id, userId: sessions.userId })
    .then((rows) => rows[0]);
}

export function findSession(db: Executor, sessionId: number) {
  return db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .then((rows) => rows[0]);
}

export const AUDIT_PAGE = 50;

export function insertAuditEntry(tx: Pick<Database, 'insert'>, entry: typeof auditLog.$inferInsert) {
  return tx.insert(auditLog).values(entry);
}

export function listAudit(db: Executor, cursor: number | undefined) {
  return db
    .select()
    .from(auditLog)
    .where(cursor ? lt(auditLog.id, cursor) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE + 1);
}
