import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Megaphone, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { cn } from '#client/lib/cn.ts';
import { personName } from '#common/people';
import { type Call, callHref, type MyApplication } from '#common/schemas/calls';
import { myApplicationsQuery, myCallsQuery } from '../api.ts';
import { CALL_STATUS_LABEL, callDates } from '../call-format.ts';
import { ApplicationStatusBadge } from './application-status.tsx';

const rowsClass = 'divide-y divide-border rounded-xl border border-border';
const rowLinkClass = 'flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-muted';

/**
 * The dashboard's crew calls (issue 36): the calls the member posted, with their status and how
 * many applied, and the calls they applied to, with where each application stands. A Premium
 * member opens on their calls, anyone else on their applications.
 */
export function DashboardCalls({ canPost }: { canPost: boolean }) {
  return (
    <section
      aria-labelledby="calls-dashboard-heading"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="calls-dashboard-heading" className="flex items-center gap-2 font-semibold">
          <Megaphone aria-hidden="true" className="size-5 text-muted-foreground" />
          Crew calls
        </h2>
        <Link
          to="/calls"
          className="flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
        >
          Find calls
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <Tabs defaultValue={canPost ? 'calls' : 'applications'} className="flex flex-col gap-4">
        <TabsList>
          <TabsTrigger value="calls">My calls</TabsTrigger>
          <TabsTrigger value="applications">Applications</TabsTrigger>
        </TabsList>
        <TabsContent value="calls">
          <MyCalls canPost={canPost} />
        </TabsContent>
        <TabsContent value="applications">
          <MyApplications />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function Loading() {
  return <Skeleton aria-busy="true" className="h-24 rounded-xl" />;
}

function MyCalls({ canPost }: { canPost: boolean }) {
  const calls = useQuery(myCallsQuery);
  if (calls.isPending) return <Loading />;
  if (calls.isError) return <ErrorState message={calls.error.message} onRetry={() => void calls.refetch()} />;
  if (calls.data.calls.length === 0)
    return (
      <EmptyState title="You have not posted a call">
        <p>Post a job and let crew apply to it.</p>
        <Link
          to="/calls/new"
          className={`${buttonVariants({ variant: canPost ? 'brand' : 'outline', size: 'sm' })} mt-4`}
        >
          <Plus aria-hidden="true" />
          {canPost ? 'Post a call' : 'Post a call with Premium'}
        </Link>
      </EmptyState>
    );
  return (
    <ul aria-label="My calls" className={rowsClass}>
      {calls.data.calls.map((call) => (
        <MyCallRow key={call.id} call={call} />
      ))}
    </ul>
  );
}

function MyCallRow({ call }: { call: Call }) {
  const count = call.applicationCount ?? 0;
  return (
    <li>
      <Link to={count > 0 ? `${callHref(call.id)}#applications` : callHref(call.id)} className={rowLinkClass}>
        <span className="min-w-0 flex-1">
          <span className="block font-medium break-words">{call.title}</span>
          <span className="block text-sm text-muted-foreground">
            {call.role.name} · {callDates(call)}
          </span>
        </span>
        <span className="text-sm tabular-nums text-muted-foreground">
          {count} {count === 1 ? 'application' : 'applications'}
        </span>
        <Badge
          className={cn(
            call.status === 'open' &&
              'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
          )}
        >
          {CALL_STATUS_LABEL[call.status]}
        </Badge>
      </Link>
    </li>
  );
}

function MyApplications() {
  const applications = useQuery(myApplicationsQuery);
  if (applications.isPending) return <Loading />;
  if (applications.isError)
    return <ErrorState message={applications.error.message} onRetry={() => void applications.refetch()} />;
  if (applications.data.applications.length === 0)
    return (
      <EmptyState title="No applications yet">
        <p>Find a call that fits your role and dates, and apply with a short note.</p>
        <Link to="/calls" className={`${buttonVariants({ variant: 'outline', size: 'sm' })} mt-4`}>
          Browse calls
        </Link>
      </EmptyState>
    );
  return (
    <ul aria-label="My applications" className={rowsClass}>
      {applications.data.applications.map((application) => (
        <MyApplicationRow key={application.id} application={application} />
      ))}
    </ul>
  );
}

function MyApplicationRow({ application }: { application: MyApplication }) {
  const { call } = application;
  const to = application.bookingId ? `/bookings/${application.bookingId}` : callHref(call.id);
  return (
    <li>
      <Link to={to} className={rowLinkClass}>
        <span className="min-w-0 flex-1">
          <span className="block font-medium break-words">{call.title}</span>
          <span className="block text-sm text-muted-foreground">
            {call.role.name} · {callDates(call)} · {personName(call.poster)}
          </span>
        </span>
        {call.status === 'open' ? null : <Badge>Call {CALL_STATUS_LABEL[call.status].toLowerCase()}</Badge>}
        <ApplicationStatusBadge status={application.status} />
      </Link>
    </li>
  );
}
