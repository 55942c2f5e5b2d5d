import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import type { CallReportItem } from '#common/schemas/call-reports';
import { callHref } from '#common/schemas/calls';
import { formatWhen, useStaffAction } from '../api.ts';
import { nameOf, ReportedBy, ReportResolution } from './reported-by.tsx';

/**
 * A reported crew call in the staff queue (issue 36), as a reported review is shown: the call in
 * context, every reporter, and one decision with its reason. A hidden call can be shown again.
 */
export function CallReportCard({ report }: { report: CallReportItem }) {
  const [reason, setReason] = useState('');
  const action = useStaffAction();
  const { call } = report;
  const send = (path: string, body: Record<string, unknown>, done: string) =>
    action.mutate({ method: 'POST', path, body, done }, { onSuccess: () => setReason('') });
  const resolve = (kind: 'hide' | 'dismiss') =>
    send(
      `/api/admin/call-reports/${report.id}/resolve`,
      { action: kind, reason },
      kind === 'hide' ? 'Call hidden' : 'Report dismissed',
    );
  const restore = () => send(`/api/admin/calls/${call.id}/restore`, { reason }, 'Call shown again');
  const reasonId = `call-report-${report.id}-reason`;
  const tooShort = action.isPending || reason.trim().length < 3;
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
      aria-label={`Report on the crew call ${call.title}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge>Crew call</Badge>
        <Link to={callHref(call.id)} className="font-medium hover:underline">
          {call.title}
        </Link>
        <span className="text-muted-foreground">posted by</span>
        <Link to={`/profile/${call.owner.id}`} className="font-medium hover:underline">
          {nameOf(call.owner)}
        </Link>
        {call.hidden ? <Badge>Hidden</Badge> : null}
      </div>
      <blockquote className="rounded-lg bg-muted/60 p-3 text-sm">
        <p className="mb-1 text-xs font-medium text-muted-foreground">{call.location}</p>
        <p className="whitespace-pre-line">{call.description}</p>
        <p className="mt-2 text-xs text-muted-foreground">Posted {formatWhen(call.createdAt)}</p>
      </blockquote>
      <ReportedBy reporters={report.reporters} />
      {report.resolvedAt ? (
        <ReportResolution resolution={report.resolution} resolvedAt={report.resolvedAt} />
      ) : null}
      {!report.resolvedAt || call.hidden ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={reasonId} className="text-sm font-medium">
              Reason (kept in the audit trail)
            </label>
            <Input
              id={reasonId}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. Asks applicants for a fee"
            />
          </div>
          {report.resolvedAt ? (
            <Button variant="outline" onClick={restore} disabled={tooShort}>
              Show call again
            </Button>
          ) : (
            <div className="flex gap-2">
              <Button onClick={() => resolve('hide')} disabled={tooShort}>
                Hide call
              </Button>
              <Button variant="outline" onClick={() => resolve('dismiss')} disabled={tooShort}>
                Dismiss
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </article>
  );
}
