import { and, eq, isNull, sql } from 'drizzle-orm';
import { callReports } from '#server/db/schema/index.ts';
import type { Executor } from './queries.ts';

type Person = { id: number; username: string; displayName: string | null; fallbackName: string };

export interface CallReportGroupRow extends Record<string, unknown> {
  id: number;
  call_id: number;
  title: string;
  description: string;
  location: string;
  created_at: Date;
  hidden: boolean;
  owner: Person;
  reporters: (Person & { reason: string; reportedAt: string })[];
  resolution: 'hide' | 'dismiss' | null;
  resolved_at: Date | null;
}

const personJson = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'displayName', ${alias}.display_name, 'fallbackName', ${alias}.fallback_name)`,
  );

/**
 * Call reports grouped by the call they name, as review reports are (listReportGroups): the call in
 * context and every reporter; open ones oldest first, resolved ones newest first.
 */
export async function listCallReportGroups(db: Executor, status: 'open' | 'resolved') {
  const open = status === 'open';
  const { rows } = await db.execute<CallReportGroupRow>(sql`
    select min(cr.id)::int as id, c.id as call_id, c.title, c.description, c.location, c.created_at,
      c.hidden_at is not null as hidden,
      ${personJson('o')} as owner,
      json_agg(json_build_object('id', p.id, 'username', p.username, 'displayName', p.display_name,
        'fallbackName', p.fallback_name, 'reason', cr.reason, 'reportedAt', cr.created_at) order by cr.created_at) as reporters,
      max(cr.resolution) as resolution, cr.resolved_at
    from call_reports cr
    join crew_calls c on c.id = cr.call_id
    join users o on o.id = c.owner_id
    join users p on p.id = cr.reporter_id
    where ${open ? sql`cr.resolved_at is null` : sql`cr.resolved_at is not null`}
    group by c.id, o.id, cr.resolved_at
    order by ${open ? sql`min(cr.created_at)` : sql`cr.resolved_at desc`}
    limit 100`);
  return rows;
}

export function lockCallReport(tx: Executor, reportId: number) {
  return tx
    .select({ id: callReports.id, callId: callReports.callId, resolvedAt: callReports.resolvedAt })
    .from(callReports)
    .where(eq(callReports.id, reportId))
    .for('update')
    .then((rows) => rows[0]);
}

/** Resolves every open report of a call at once: one decision answers all its reporters. */
export function resolveOpenCallReports(
  tx: Executor,
  callId: number,
  resolution: 'hide' | 'dismiss',
  moderatorId: number,
) {
  return tx
    .update(callReports)
    .set({ resolvedAt: sql`now()`, resolution, resolvedBy: moderatorId })
    .where(and(eq(callReports.callId, callId), isNull(callReports.resolvedAt)))
    .returning({ id: callReports.id });
}
