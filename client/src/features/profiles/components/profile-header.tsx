import { CalendarDays, Crown, Mail, MapPin, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { formatAverage, RatingStars } from '#client/components/rating-stars.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useViewer } from '#client/features/auth/api.ts';
import { BookCrew } from '#client/features/bookings/components/book-crew.tsx';
import { ConnectAndMessage } from '#client/features/connections/components/connect-button.tsx';
import { InviteToTeam } from '#client/features/teams/components/invite-to-team.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#client/lib/format.ts';
import type { PublicProfile } from '#common/schemas/profiles';
import { contactHref, formatMemberSince, profileNameOf } from './profile-format.ts';
import { VisitorActions } from './visitor-actions.tsx';

/** The dark band at the top of a profile: who this is, what they do, where, and how to reach them. */
export function ProfileHeader({
  profile,
  isOwner,
  onShowReviews,
}: {
  profile: PublicProfile;
  isOwner: boolean;
  /** Selects the Reviews tab (the stars are a shortcut to it). */
  onShowReviews: () => void;
}) {
  const name = profileNameOf(profile);
  const viewer = useViewer();
  return (
    <section
      aria-labelledby="profile-name"
      className="relative overflow-hidden bg-ink text-white dark:border-b dark:border-white/10"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.28),transparent_55%)]"
      />
      <div className="relative mx-auto flex max-w-layout flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:gap-8 sm:px-6 md:py-14">
        <Avatar user={profile} size={120} className="ring-4 ring-white/10" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 id="profile-name" className="text-3xl font-bold tracking-tight break-words sm:text-4xl">
              {name}
            </h1>
            {profile.isSubscribed ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-ink">
                <Crown aria-hidden="true" className="size-3.5" />
                Premium
              </span>
            ) : null}
          </div>
          {profile.displayName ? <p className="-mt-2 text-sm text-slate-400">@{profile.username}</p> : null}
          <HeaderRating rating={profile.rating} onShowReviews={onShowReviews} />
          {profile.roles.length > 0 ? (
            <ul aria-label="Roles" className="flex flex-wrap gap-2">
              {profile.roles.map((role, index) => (
                <li key={role.id}>
                  <span
                    className={cn(
                      'inline-flex items-center rounded-full px-3 py-1 text-sm font-medium',
                      index === 0
                        ? 'bg-brand/15 text-amber-300 ring-1 ring-brand/40'
                        : 'bg-white/10 text-slate-200 ring-1 ring-white/15',
                    )}
                  >
                    {role.name}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-slate-300">
            {profile.location ? (
              <li className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                {profile.location}
              </li>
            ) : null}
            <li className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              Member since {formatMemberSince(profile.memberSince)}
            </li>
            {profile.contactInfo ? <ContactItem contactInfo={profile.contactInfo} /> : null}
          </ul>
        </div>
        {isOwner ? null : viewer === null ? (
          <div className="self-start sm:self-center">
            <VisitorActions name={name} />
          </div>
        ) : (
          <div className="flex flex-col gap-2 self-start sm:self-center">
            <ConnectAndMessage userId={profile.id} name={name} />
            <div className="flex flex-wrap gap-2 empty:hidden">
              <BookCrew crew={{ id: profile.id, name, roles: profile.roles }} tone="hero" />
              <InviteToTeam
                viewer={viewer}
                person={{ id: profile.id, name, roles: profile.roles }}
                tone="hero"
              />
            </div>
          </div>
        )}
        {isOwner ? (
          <Link
            to="/profile/edit"
            className={buttonVariants({
              variant: 'brand',
              className: 'self-start sm:self-center',
            })}
          >
            <Pencil aria-hidden="true" />
            Edit profile
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The person's rating, as everywhere else (RatingStars), on the dark band: the muted text takes the
 * dark theme's shade so it stays readable. A click opens the Reviews tab.
 */
function HeaderRating({
  rating,
  onShowReviews,
}: {
  rating: PublicProfile['rating'];
  onShowReviews: () => void;
}) {
  // The name starts with the text on the button ("4.8 (12)"), so a voice-control user can say what
  // they see (WCAG 2.5.3, label in name); the rest reads it out in words.
  const average = formatAverage(rating.average);
  const label =
    rating.count === 0
      ? 'No reviews yet. Show the reviews tab'
      : `${average} (${formatCount(rating.count)}): rated ${average} out of 5 from ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}. Show reviews`;
  return (
    <button
      type="button"
      onClick={onShowReviews}
      aria-label={label}
      className="-mx-1.5 -my-1 self-start rounded-md px-1.5 py-1 text-white [--color-muted-foreground:#94a3b8] hover:bg-white/10"
    >
      <RatingStars average={rating.average} count={rating.count} size="md" />
    </button>
  );
}

function ContactItem({ contactInfo }: { contactInfo: string }) {
  const href = contactHref(contactInfo);
  return (
    <li className="flex min-w-0 items-center gap-1.5">
      <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      <span className="sr-only">Contact: </span>
      {href ? (
        <a
          href={href}
          className="truncate text-white underline decoration-white/30 underline-offset-4 hover:decoration-brand"
          {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
        >
          {contactInfo}
        </a>
      ) : (
        <span className="break-words">{contactInfo}</span>
      )}
    </li>
  );
}
