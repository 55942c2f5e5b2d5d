import { CALL_REPORT_MESSAGES, type CallReportResponse } from '#common/schemas/call-reports';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '#server/errors.ts';
import * as q from './moderation-queries.ts';
import { getCall } from './service.ts';

/**
 * Members report a call they can see (issue 36, ADR 038), once each, for the reasons a review
 * report takes; an owner cannot report their own. Reports wait in the staff queue.
 */
export async function reportCall(
  db: Database,
  callId: number,
  viewer: { id: number; role: 'user' | 'moderator' | 'admin' },
  reason: string,
): Promise<CallReportResponse> {
  // The same 404 as GET /api/calls/:id: a call the reporter cannot see is not there for them.
  const call = await getCall(db, callId, viewer);
  if (call.poster.id === viewer.id) throw new BadRequestError(CALL_REPORT_MESSAGES.reportOwn);
  const report = await q.insertCallReport(db, callId, viewer.id, reason.trim());
  if (!report) throw new ConflictError(CALL_REPORT_MESSAGES.alreadyReported);
  return { callId: report.callId, reportedAt: report.createdAt.toISOString() };
}

/**
 * Staff hide a call, or show it again, in the caller's (audited) transaction. A hidden call leaves
 * the list, the sitemap and the alerts, and answers 404 to all but its owner and staff.
 */
export async function setCallHidden(tx: q.Executor, callId: number, hidden: boolean, actorId: number) {
  const result = await q.setCallHiddenRow(tx, callId, hidden, actorId);
  if (!result) throw new NotFoundError(CALL_REPORT_MESSAGES.callNotFound);
  return result;
}
