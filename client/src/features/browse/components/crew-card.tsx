import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { FreeDaysBadge } from '#client/components/free-days-badge.tsx';
import { RatingStars } from '#client/components/rating-stars.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { personName } from '#common/people';
import type { CrewCard as CrewCardData } from '#common/schemas/crew';

export function CrewCard({
  person,
  dates,
}: {
  person: CrewCardData;
  /** The listing's days, when it has them: the card says how free the person is then (issue 35). */
  dates?: { from: string; to: string | null } | null;
}) {
  const name = personName(person);
  return (
    <li>
      <Link
        to={`/profile/${person.id}`}
        className="flex h-full gap-4 rounded-xl border border-border bg-card p-4 transition-shadow hover:shadow-md"
      >
        <Avatar user={person} size={56} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name}</p>
          <RatingStars average={person.ratingAverage} count={person.ratingCount} className="mt-0.5" />
          {person.location ? (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{person.location}</span>
            </p>
          ) : null}
          {person.availability && dates ? (
            <FreeDaysBadge
              availability={person.availability}
              from={dates.from}
              to={dates.to}
              className="mt-1.5"
            />
          ) : null}
          <ul className="mt-2 flex flex-wrap gap-1" aria-label={`${name}'s roles`}>
            {person.roles.map((role) => (
              <li key={role.id}>
                <Badge>{role.name}</Badge>
              </li>
            ))}
          </ul>
        </div>
      </Link>
    </li>
  );
}

export function CrewCardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading crew">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="flex gap-4 rounded-xl border border-border p-4">
          <div className="size-14 animate-pulse rounded-full bg-muted" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
            <div className="h-3 w-24 animate-pulse rounded bg-muted" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
            <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
          </div>
        </li>
      ))}
    </ul>
  );
}
