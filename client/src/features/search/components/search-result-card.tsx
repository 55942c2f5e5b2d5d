import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { FreeDaysBadge } from '#client/components/free-days-badge.tsx';
import { RatingStars } from '#client/components/rating-stars.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { personName } from '#common/people';
import type { SearchResult } from '#common/schemas/search';
import { PremiumBadge } from './premium-badge.tsx';
import { SnippetText } from './snippet-text.tsx';

const MAX_TAGS = 4;

/**
 * One person in the results. The name is the link; its hit area stretches over the whole card
 * (an ::after overlay), so the card is one tab stop and one click target with a sensible name.
 */
export function SearchResultCard({
  person,
  action,
  dates,
}: {
  person: SearchResult;
  action?: ReactNode;
  /** The search's days, when it has them: the card says how free the person is then (issue 35). */
  dates?: { from: string; to: string | null } | null;
}) {
  const name = personName(person);
  const tags = person.tags.slice(0, MAX_TAGS);
  return (
    <li className="group relative flex gap-4 rounded-xl border border-border bg-card p-4 transition-shadow focus-within:shadow-md hover:shadow-md sm:p-5">
      <Avatar user={person} size={64} className="hidden sm:block" />
      <Avatar user={person} size={48} className="sm:hidden" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="min-w-0 text-base font-semibold">
            <Link
              to={`/profile/${person.id}`}
              className="break-words outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] group-hover:text-brand-strong focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring dark:group-hover:text-brand"
            >
              {name}
            </Link>
          </h3>
          {person.isSubscribed ? <PremiumBadge /> : null}
          <RatingStars average={person.ratingAverage} count={person.ratingCount} className="sm:ml-auto" />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {person.roles.length > 0 ? (
            <ul className="flex flex-wrap gap-x-1.5" aria-label={`${name}'s roles`}>
              {person.roles.map((role, index) => (
                <li key={role.id} className={index === 0 ? 'font-medium text-foreground' : undefined}>
                  {role.name}
                  {index < person.roles.length - 1 ? <span aria-hidden="true"> ·</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {person.location ? (
            <p className="flex min-w-0 items-center gap-1">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{person.location}</span>
            </p>
          ) : null}
        </div>
        {person.availability && dates ? (
          <FreeDaysBadge availability={person.availability} from={dates.from} to={dates.to} />
        ) : null}
        {person.snippet ? <SnippetText parts={person.snippet} /> : null}
        {tags.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`${name}'s skills`}>
            {tags.map((tag) => (
              <li key={tag} className="rounded-md bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {action ? (
          // Above the card's stretched link, so the action is its own click target.
          <div className="relative z-10 mt-2 flex flex-wrap gap-2 empty:hidden">{action}</div>
        ) : null}
      </div>
    </li>
  );
}

export function SearchResultSkeletons({ count = 6 }: { count?: number }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Loading results" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="flex gap-4 rounded-xl border border-border p-4 sm:p-5">
          <Skeleton className="size-12 rounded-full sm:size-16" />
          <div className="flex flex-1 flex-col gap-2.5">
            <div className="flex justify-between gap-4">
              <Skeleton className="h-4 w-48 max-w-[60%]" />
              <Skeleton className="hidden h-4 w-28 sm:block" />
            </div>
            <Skeleton className="h-3.5 w-64 max-w-[80%]" />
            <Skeleton className="h-3.5 w-full" />
            <div className="flex gap-1.5">
              <Skeleton className="h-5 w-16" />
              <Skeleton className="h-5 w-20" />
              <Skeleton className="h-5 w-14" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
