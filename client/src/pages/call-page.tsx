import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '#client/components/state-message.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useViewer } from '#client/features/auth/api.ts';
import { callQuery } from '#client/features/calls/api.ts';
import { ApplicationsSection } from '#client/features/calls/components/applications-section.tsx';
import { ApplySection } from '#client/features/calls/components/apply-section.tsx';
import { CallDescription, CallHeader, PosterCard } from '#client/features/calls/components/call-details.tsx';
import { OwnerTools } from '#client/features/calls/components/owner-tools.tsx';
import { ReportCall } from '#client/features/calls/components/report-call.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { ApiError } from '#client/lib/http.ts';
import type { AuthUser } from '#common/schemas/auth';
import type { Call } from '#common/schemas/calls';

/**
 * /calls/:id (issue 36): the call, who posted it, and Apply. Its owner sees their tools and the
 * applications instead; other signed-in members may report it.
 */
export default function CallPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const call = useQuery({ ...callQuery(valid ? id : 0), enabled: valid });
  const viewer = useViewer();
  useDocumentTitle(call.data ? `${call.data.title} — Crew Calls` : 'Crew Call');
  if (!valid || (call.isError && call.error instanceof ApiError && call.error.status === 404))
    return <CallNotFound />;
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-6 px-4 py-8 sm:px-6 md:py-10">
      <Link
        to="/calls"
        className="flex items-center gap-1 self-start text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All calls
      </Link>
      {call.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <span role="status" className="sr-only">
            Loading the call…
          </span>
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-48" />
        </div>
      ) : call.isError ? (
        <ErrorState message={call.error.message} onRetry={() => void call.refetch()} />
      ) : (
        <CallView call={call.data} viewer={viewer} />
      )}
    </div>
  );
}

function CallView({ call, viewer }: { call: Call; viewer: AuthUser | null }) {
  const own = viewer !== null && viewer.id === call.poster.id;
  return (
    // The call's title and facts first, then what to do (Apply, or the owner's tools) before the
    // description on a phone, beside it from lg up.
    <div className="flex flex-col gap-8">
      <CallHeader call={call} />
      <div className="grid items-start gap-8 lg:grid-cols-[1fr_320px]">
        <div className="flex min-w-0 flex-col gap-8 max-lg:order-last">
          <CallDescription call={call} />
          {own ? <ApplicationsSection call={call} /> : null}
        </div>
        <aside aria-label="About this call" className="flex flex-col gap-4 lg:sticky lg:top-24">
          {own ? (
            <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4">
              <p className="text-sm font-medium">
                Your call · {call.applicationCount ?? 0}{' '}
                {call.applicationCount === 1 ? 'application' : 'applications'}
              </p>
              <OwnerTools call={call} />
            </div>
          ) : (
            <ApplySection call={call} viewer={viewer} />
          )}
          <PosterCard poster={call.poster} />
          {viewer && !own ? <ReportCall callId={call.id} /> : null}
        </aside>
      </div>
    </div>
  );
}

function CallNotFound() {
  useDocumentTitle('Call not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Users aria-hidden="true" className="size-12 text-brand-strong dark:text-brand" />
      <h1 className="text-3xl font-bold tracking-tight">Call not found</h1>
      <p className="text-muted-foreground">This call has closed, or the link is wrong.</p>
      <Link to="/calls" className="font-medium underline underline-offset-4">
        See open calls
      </Link>
    </div>
  );
}
