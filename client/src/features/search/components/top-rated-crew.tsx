import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { RatingStars } from '#client/components/rating-stars.tsx';
import { ErrorState } from '#client/components/state-message.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { personName } from '#common/people';
import type { TopRatedResponse } from '#common/schemas/search';
import { TOP_RATED_ON_HOME, useTopRated } from '../api.ts';
import { PremiumBadge } from './premium-badge.tsx';

type Person = TopRatedResponse['crew'][number];

const strip =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:px-0 lg:pb-0';

/**
 * The best-rated crew by the server's Bayesian average (one 5-star review does not beat forty
 * 4.8s): a row to swipe on a phone, a grid of cards on a wide screen.
 */
export function TopRatedCrew() {
  const topRated = useTopRated();
  if (topRated.isPending) {
    return (
      <div className={strip} aria-busy="true">
        {Array.from({ length: TOP_RATED_ON_HOME }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-52 w-56 shrink-0 rounded-xl lg:w-auto" />
        ))}
      </div>
    );
  }
  if (topRated.isError)
    return <ErrorState message={topRated.error.message} onRetry={() => topRated.refetch()} />;
  return (
    <ul className={strip}>
      {topRated.data.crew.map((person, index) => (
        <TopRatedCard key={person.id} person={person} rank={index + 1} />
      ))}
    </ul>
  );
}

function TopRatedCard({ person, rank }: { person: Person; rank: number }) {
  const name = personName(person);
  const role = person.roles[0]?.name;
  return (
    <li className="w-56 shrink-0 snap-start lg:w-auto">
      <Link
        to={`/profile/${person.id}`}
        className="group relative flex h-full flex-col items-center gap-2 rounded-xl border border-border bg-card px-4 pb-5 pt-6 text-center transition-shadow hover:shadow-md"
      >
        <span
          aria-hidden="true"
          className="absolute left-3 top-3 text-xs font-semibold tabular-nums text-muted-foreground"
        >
          #{rank}
        </span>
        {person.isSubscribed ? <PremiumBadge className="absolute right-3 top-3" /> : null}
        <Avatar user={person} size={72} className="ring-4 ring-accent" />
        <span className="mt-1 w-full truncate font-semibold group-hover:text-brand-strong dark:group-hover:text-brand">
          {name}
        </span>
        {role ? <span className="-mt-1.5 text-sm text-muted-foreground">{role}</span> : null}
        <RatingStars average={person.ratingAverage} count={person.ratingCount} />
        {person.location ? (
          <span className="flex max-w-full items-center gap-1 text-xs text-muted-foreground">
            <MapPin aria-hidden="true" className="size-3 shrink-0" />
            <span className="truncate">{person.location}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}
