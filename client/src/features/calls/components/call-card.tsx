import { Banknote, CalendarDays, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { personName } from '#common/people';
import { type Call, callHref } from '#common/schemas/calls';
import { applyByText, callDates, formatCallRate } from '../call-format.ts';

/**
 * One open call in the list. The title is the link; its hit area stretches over the card (an
 * ::after overlay, as search's cards do), so the card is one tab stop with a sensible name.
 */
export function CallCard({ call }: { call: Call }) {
  const rate = formatCallRate(call);
  return (
    <li className="group relative flex flex-col gap-3 rounded-xl border border-border bg-card p-4 transition-shadow focus-within:shadow-md hover:shadow-md sm:p-5">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-brand-strong dark:text-brand">{call.role.name}</p>
        <h3 className="text-lg font-semibold break-words">
          <Link
            to={callHref(call.id)}
            className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] group-hover:underline focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {call.title}
          </Link>
        </h3>
      </div>
      <CallFacts call={call} rate={rate} />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-border pt-3 text-sm">
        <span className="flex min-w-0 items-center gap-2">
          <Avatar user={call.poster} size={28} />
          <span className="truncate text-muted-foreground">
            Posted by <span className="font-medium text-foreground">{personName(call.poster)}</span>
          </span>
        </span>
        <span className="flex items-center gap-1.5 text-muted-foreground">
          <Clock aria-hidden="true" className="size-3.5" />
          {applyByText(call)}
        </span>
      </div>
    </li>
  );
}

/** Where, when and for how much: the card's and the call page's facts. */
export function CallFacts({ call, rate }: { call: Call; rate: string | null }) {
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
      <div className="flex min-w-0 items-center gap-1.5">
        <dt className="sr-only">Place</dt>
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <dd className="truncate">{call.location}</dd>
      </div>
      <div className="flex items-center gap-1.5">
        <dt className="sr-only">Dates</dt>
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <dd>{callDates(call)}</dd>
      </div>
      <div className="flex items-center gap-1.5">
        <dt className="sr-only">Rate</dt>
        <Banknote aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <dd className={rate ? 'font-medium' : 'text-muted-foreground'}>{rate ?? 'Rate to be agreed'}</dd>
      </div>
    </dl>
  );
}

export function CallCardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        Loading calls…
      </span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to key them by.
        <Skeleton key={index} className="h-40 rounded-xl" />
      ))}
    </div>
  );
}
