import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import type { ReportItem } from '#common/schemas/admin';
import { callReportsQuery, formatWhen, reportsQuery, useStaffAction } from '../api.ts';
import { CallReportCard } from './call-report-card.tsx';
import { nameOf, ReportedBy, ReportResolution } from './reported-by.tsx';

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-muted-foreground/40'}
        />
      ))}
    </span>
  );
}

function ReportCard({ report }: { report: ReportItem }) {
  const [reason, setReason] = useState('');
  const action = useStaffAction();
  const { review } = report;
  const resolve = (kind: 'hide' | 'dismiss') =>
    action.mutate(
      {
        method: 'POST',
        path: `/api/admin/reports/${report.id}/resolve`,
        body: { action: kind, reason },
        done: kind === 'hide' ? 'Review hidden' : 'Report dismissed',
      },
      { onSuccess: () => setReason('') },
    );
  const reasonId = `report-${report.id}-reason`;
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
      aria-label={`Report on a review of ${nameOf(review.subject)}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Link to={`/profile/${review.reviewer.id}`} className="font-medium hover:underline">
          {nameOf(review.reviewer)}
        </Link>
        <span className="text-muted-foreground">reviewed</span>
        <Link
          to={`/profile/${review.subject.id}?review=${review.id}`}
          className="font-medium hover:underline"
        >
          {nameOf(review.subject)}
        </Link>
        <Stars rating={review.rating} />
        {review.hidden ? <Badge>Hidden</Badge> : null}
      </div>
      <blockquote className="rounded-lg bg-muted/60 p-3 text-sm">
        {review.projectName ? (
          <p className="mb-1 text-xs font-medium text-muted-foreground">{review.projectName}</p>
        ) : null}
        <p className="whitespace-pre-line">{review.text}</p>
        <p className="mt-2 text-xs text-muted-foreground">Written {formatWhen(review.createdAt)}</p>
      </blockquote>
      <ReportedBy reporters={report.reporters} />
      {report.resolvedAt ? (
        <ReportResolution resolution={report.resolution} resolvedAt={report.resolvedAt} />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={reasonId} className="text-sm font-medium">
              Reason (kept in the audit trail)
            </label>
            <Input
              id={reasonId}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. Personal attack"
            />
          </div>
          <div className="flex gap-2">
            <Button onClick={() => resolve('hide')} disabled={action.isPending || reason.trim().length < 3}>
              Hide review
            </Button>
            <Button
              variant="outline"
              onClick={() => resolve('dismiss')}
              disabled={action.isPending || reason.trim().length < 3}
            >
              Dismiss
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}

function ReportList({ status }: { status: 'open' | 'resolved' }) {
  const { data, isPending } = useQuery(reportsQuery(status));
  // Reported crew calls (issue 36) follow the reviews in the same queue.
  const calls = useQuery(callReportsQuery(status));
  if (isPending || calls.isPending) return <Skeleton className="h-40" />;
  const callReports = calls.data?.reports ?? [];
  if ((!data || data.reports.length === 0) && callReports.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        {status === 'open' ? 'No open reports. All clear!' : 'No resolved reports yet.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {data?.reports.map((report) => (
        <ReportCard key={`${report.id}-${report.resolvedAt}`} report={report} />
      ))}
      {callReports.map((report) => (
        <CallReportCard key={`call-${report.id}-${report.resolvedAt}`} report={report} />
      ))}
    </div>
  );
}

export function ReportQueue() {
  return (
    <Tabs defaultValue="open">
      <TabsList>
        <TabsTrigger value="open">Open</TabsTrigger>
        <TabsTrigger value="resolved">Resolved</TabsTrigger>
      </TabsList>
      <TabsContent value="open" className="mt-4">
        <ReportList status="open" />
      </TabsContent>
      <TabsContent value="resolved" className="mt-4">
        <ReportList status="resolved" />
      </TabsContent>
    </Tabs>
  );
}
