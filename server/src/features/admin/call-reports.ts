import type { ResolveReportRequest } from '#common/schemas/admin';
import { CALL_REPORT_MESSAGES, type CallReportListResponse } from '#common/schemas/call-reports';
import type { Database } from '#server/db/client.ts';
import { ConflictError, NotFoundError } from '#server/errors.ts';
import { setCallHidden } from '#server/features/calls/index.ts';
import { type Actor, recordAudit } from './audit.ts';
import * as q from './call-report-queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The staff queue's call reports (issue 36, ADR 038), shown beside the review reports. */
export async function listCallReports(
  db: Database,
  status: 'open' | 'resolved',
): Promise<CallReportListResponse> {
  const rows = await q.listCallReportGroups(db, status);
  return {
    reports: rows.map((row) => ({
      id: row.id,
      kind: 'call' as const,
      call: {
        id: row.call_id,
        title: row.title,
        description: row.description,
        location: row.location,
        createdAt: iso(row.created_at),
        hidden: row.hidden,
        owner: row.owner,
      },
      reporters: row.reporters.map((r) => ({ ...r, reportedAt: iso(r.reportedAt) })),
      resolution: row.resolution,
      resolvedAt: row.resolved_at ? iso(row.resolved_at) : null,
    })),
  };
}

/** Hide the call or dismiss: every open report of that call closes with the one decision, audited. */
export async function resolveCallReport(
  db: Database,
  reportId: number,
  input: ResolveReportRequest,
  actor: Actor,
) {
  await db.transaction(async (tx) => {
    const report = await q.lockCallReport(tx, reportId);
    if (!report) throw new NotFoundError(CALL_REPORT_MESSAGES.reportNotFound);
    if (report.resolvedAt) throw new ConflictError(CALL_REPORT_MESSAGES.reportResolved);
    if (input.action === 'hide') await setCallHidden(tx, report.callId, true, actor.id);
    const resolved = await q.resolveOpenCallReports(tx, report.callId, input.action, actor.id);
    await recordAudit(tx, actor, {
      action: 'report_resolved',
      targetType: 'call_report',
      targetId: reportId,
      reason: input.reason,
      detail: { action: input.action, callId: report.callId, reports: resolved.length },
    });
  });
}

/** Staff hide a call (its open reports are answered too) or show it again; audited either way. */
export async function setCallHiddenByStaff(
  db: Database,
  callId: number,
  hidden: boolean,
  reason: string,
  actor: Actor,
) {
  await db.transaction(async (tx) => {
    const result = await setCallHidden(tx, callId, hidden, actor.id);
    if (hidden) await q.resolveOpenCallReports(tx, callId, 'hide', actor.id);
    await recordAudit(tx, actor, {
      action: hidden ? 'call_hidden' : 'call_restored',
      targetType: 'call',
      targetId: callId,
      reason,
      detail: { changed: result.changed, ownerId: result.ownerId },
    });
  });
}
