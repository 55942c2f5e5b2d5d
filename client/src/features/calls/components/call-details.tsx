import { Clock, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { RatingStars } from '#client/components/rating-stars.tsx';
import { personName } from '#common/people';
import type { Call, CallPerson } from '#common/schemas/calls';
import { applyByText, CALL_STATUS_LABEL, formatCallRate } from '../call-format.ts';
import { CallFacts } from './call-card.tsx';

/** The call itself: role, title, its facts, a closed banner when it no longer takes applications. */
export function CallHeader({ call }: { call: Call }) {
  return (
    <div className="flex flex-col gap-4">
      {call.status === 'open' ? null : <ClosedBanner call={call} />}
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-brand-strong dark:text-brand">{call.role.name}</p>
        <h1 className="text-3xl font-bold tracking-tight break-words">{call.title}</h1>
      </div>
      <CallFacts call={call} rate={formatCallRate(call)} />
      {call.status === 'open' ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock aria-hidden="true" className="size-4" />
          {applyByText(call)}
        </p>
      ) : null}
    </div>
  );
}

function ClosedBanner({ call }: { call: Call }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">This call is closed</p>
        <p className="text-sm">
          {call.status === 'filled'
            ? 'The production has filled it. It takes no more applications.'
            : call.status === 'expired'
              ? 'Its closing date has passed. It takes no more applications.'
              : 'It takes no more applications.'}{' '}
          <Link to="/calls" className="font-medium underline underline-offset-4">
            See open calls
          </Link>
        </p>
      </div>
      <span className="sr-only">Status: {CALL_STATUS_LABEL[call.status]}</span>
    </div>
  );
}

export function CallDescription({ call }: { call: Call }) {
  return (
    <section aria-labelledby="call-about-heading" className="flex flex-col gap-3">
      <h2 id="call-about-heading" className="text-xl font-semibold">
        About the job
      </h2>
      <p className="whitespace-pre-line break-words leading-relaxed">{call.description}</p>
    </section>
  );
}

/** Who posted the call, linking to their profile. */
export function PosterCard({ poster }: { poster: CallPerson }) {
  const name = personName(poster);
  return (
    <section
      aria-labelledby="poster-heading"
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4"
    >
      <h2 id="poster-heading" className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Posted by
      </h2>
      <Link to={`/profile/${poster.id}`} className="group flex items-center gap-3">
        <Avatar user={poster} size={48} />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="truncate font-semibold group-hover:underline">{name}</span>
          {poster.roles[0] ? (
            <span className="truncate text-sm text-muted-foreground">
              {poster.roles[0].name}
              {poster.location ? ` · ${poster.location}` : ''}
            </span>
          ) : poster.location ? (
            <span className="truncate text-sm text-muted-foreground">{poster.location}</span>
          ) : null}
        </span>
      </Link>
      <RatingStars average={poster.ratingAverage} count={poster.ratingCount} />
    </section>
  );
}
