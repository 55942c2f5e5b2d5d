import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarDays, Crown, Eye, PencilLine, Search, Settings, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { ErrorState } from '#client/components/state-message.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { displayNameOf } from '#client/features/auth/api.ts';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { bookingsQuery } from '#client/features/bookings/api.ts';
import { AvailabilityCalendar } from '#client/features/bookings/components/availability-calendar.tsx';
import { WaitingBookings } from '#client/features/bookings/components/waiting-bookings.tsx';
import { DashboardCalls } from '#client/features/calls/components/dashboard-calls.tsx';
import { useProfileStats } from '#client/features/profiles/api.ts';
import { SetupCompletenessCard } from '#client/features/profiles/components/setup-completeness-card.tsx';
import { RatingCard } from '#client/features/reviews/components/rating-card.tsx';
import { teamsQuery } from '#client/features/teams/api.ts';
import { TeamList } from '#client/features/teams/components/team-list.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import type { BookingSide } from '#common/booking-lists';
import type { AuthUser } from '#common/schemas/auth';

function greeting(hour: number): string {
  if (hour < 5) return 'Working late';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const viewCount = new Intl.NumberFormat('en');

function ViewsCard({ views7Days, views30Days }: { views7Days: number; views30Days: number }) {
  return (
    <section
      aria-labelledby="views-heading"
      className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-6"
    >
      <h2 id="views-heading" className="flex items-center gap-2 font-semibold">
        <Eye aria-hidden="true" className="size-4 text-muted-foreground" />
        Profile views
      </h2>
      <dl className="grid grid-cols-2 gap-4">
        {[
          { label: 'Last 7 days', value: views7Days },
          { label: 'Last 30 days', value: views30Days },
        ].map(({ label, value }) => (
          <div key={label} className="flex flex-col-reverse gap-1 rounded-xl bg-muted/60 p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-3xl font-bold tabular-nums tracking-tight">{viewCount.format(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Each visitor counts once a day. Your own visits don't count.
      </p>
    </section>
  );
}

const WAITING_SHOWN = 10;

function WaitingGroup({
  title,
  more,
  children,
}: {
  title: string;
  more: string | null;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3>
        {more ? (
          <Link to={more} className="text-sm font-medium underline-offset-4 hover:underline">
            See all
          </Link>
        ) : null}
      </div>
      {children}
    </div>
  );
}

/**
 * What waits for the member's answer comes first on the dashboard (issue 31): requests and hold
 * requests made of them as crew, holds their crew agreed to that they may confirm, and invitations
 * to teams. Nothing waiting: no section at all, and the profile hints lead.
 */
function WaitingForYou() {
  const asCrew = useQuery(bookingsQuery('crew', { filter: 'requested', limit: WAITING_SHOWN }));
  const toConfirm = useQuery(bookingsQuery('requester', { filter: 'on_hold', limit: WAITING_SHOWN }));
  const teams = useQuery(teamsQuery);
  if (asCrew.isPending || toConfirm.isPending || teams.isPending)
    return <Skeleton aria-busy="true" className="h-32 rounded-2xl" />;
  const invitations = teams.data?.teams.filter((team) => team.myRole === 'invited') ?? [];
  const requests = asCrew.data?.bookings ?? [];
  const holds = toConfirm.data?.bookings ?? [];
  if (requests.length + holds.length + invitations.length === 0) return null;
  const seeAll = (as: BookingSide, more: number | null | undefined, filter: string) =>
    more ? `/bookings?as=${as}&filter=${filter}` : null;
  return (
    <section
      aria-labelledby="waiting-heading"
      className="flex flex-col gap-5 rounded-2xl border-2 border-brand bg-card p-4 sm:p-6"
    >
      <h2 id="waiting-heading" className="text-xl font-semibold">
        Waiting for your answer
      </h2>
      {requests.length > 0 ? (
        <WaitingGroup title="Booking requests" more={seeAll('crew', asCrew.data?.nextCursor, 'requested')}>
          <WaitingBookings label="Booking requests" bookings={requests} as="crew" />
        </WaitingGroup>
      ) : null}
      {holds.length > 0 ? (
        <WaitingGroup
          title="Holds to confirm"
          more={seeAll('requester', toConfirm.data?.nextCursor, 'on_hold')}
        >
          <WaitingBookings label="Holds to confirm" bookings={holds} as="requester" />
        </WaitingGroup>
      ) : null}
      {invitations.length > 0 ? (
        <WaitingGroup title="Team invitations" more={null}>
          <TeamList teams={invitations} label="Team invitations" />
        </WaitingGroup>
      ) : null}
    </section>
  );
}

function ProfileOverview({ userId }: { userId: number }) {
  const stats = useProfileStats(userId);
  if (stats.isPending) {
    return (
      <div aria-busy="true" className="grid gap-6 lg:grid-cols-3">
        <span className="sr-only" role="status">
          Loading your profile numbers...
        </span>
        <Skeleton className="h-80 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    );
  }
  if (stats.isError) {
    return <ErrorState message={stats.error.message} onRetry={() => void stats.refetch()} />;
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <SetupCompletenessCard completeness={stats.data.completeness} />
      </div>
      <div className="flex flex-col gap-6">
        <ViewsCard views7Days={stats.data.views7Days} views30Days={stats.data.views30Days} />
        <RatingCard userId={userId} />
      </div>
    </div>
  );
}

function SubscriptionCard({ user }: { user: AuthUser }) {
  return (
    <section
      aria-labelledby="subscription-heading"
      className={cn(
        'flex flex-col gap-4 rounded-2xl border p-6 sm:flex-row sm:items-center sm:justify-between',
        user.isSubscribed
          ? 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40'
          : 'border-border bg-muted/50',
      )}
    >
      <div className="flex items-start gap-3">
        <Crown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-strong dark:text-brand" />
        <div>
          <h2 id="subscription-heading" className="font-semibold">
            {user.isSubscribed ? 'Premium plan' : 'Free plan'}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {user.isSubscribed
              ? 'Messages, connections and the team builder are yours to use.'
              : 'Upgrade to unlock all reviews, advanced search filters and direct messaging.'}
          </p>
        </div>
      </div>
      <Link
        id="subscription-button"
        to="/subscription"
        className={buttonVariants({
          variant: user.isSubscribed ? 'outline' : 'brand',
          className: 'shrink-0',
        })}
      >
        {user.isSubscribed ? 'Manage subscription' : 'Upgrade to Premium'}
      </Link>
    </section>
  );
}

function QuickLink({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex h-full flex-col gap-3 rounded-2xl border border-border bg-card p-4 transition-colors hover:border-brand sm:p-5"
      >
        <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground [&_svg]:size-5">
          {icon}
        </span>
        <span className="flex items-center gap-1 font-semibold">
          {title}
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
          />
        </span>
        <span className="text-sm text-muted-foreground">{text}</span>
      </Link>
    </li>
  );
}

function CalendarCard({ userId }: { userId: number }) {
  return (
    <section
      aria-labelledby="calendar-heading"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="calendar-heading" className="flex items-center gap-2 font-semibold">
          <CalendarDays aria-hidden="true" className="size-5 text-muted-foreground" />
          Your calendar
        </h2>
        <div className="flex gap-4 text-sm font-medium">
          <Link to="/bookings" className="underline-offset-4 hover:underline">
            Bookings
          </Link>
          <Link to="/account#calendar" className="underline-offset-4 hover:underline">
            Days off
          </Link>
        </div>
      </div>
      <AvailabilityCalendar userId={userId} />
    </section>
  );
}

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useSignedInUser();
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="flex items-center gap-4">
        <Avatar user={user} size={64} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {greeting(new Date().getHours())}, {displayNameOf(user)}
          </h1>
          <p className="mt-1 text-muted-foreground">How your profile is doing, and where to go next.</p>
        </div>
      </div>

      <WaitingForYou />

      <ProfileOverview userId={user.id} />

      <CalendarCard userId={user.id} />

      <DashboardCalls canPost={user.isSubscribed} />

      <SubscriptionCard user={user} />

      <section aria-labelledby="quick-links-heading">
        <h2 id="quick-links-heading" className="mb-4 text-xl font-semibold">
          Quick links
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <QuickLink
            to={`/profile/${user.id}`}
            icon={<User aria-hidden="true" />}
            title="My Profile"
            text="See your profile as productions see it."
          />
          <QuickLink
            to="/profile/edit"
            icon={<PencilLine aria-hidden="true" />}
            title="Edit profile"
            text="Photo, portfolio, experience and everything else."
          />
          <QuickLink
            to="/browse"
            icon={<Search aria-hidden="true" />}
            title="Browse Crew"
            text="Find crew by role, from pre-production to cast."
          />
          <QuickLink
            to="/account"
            icon={<Settings aria-hidden="true" />}
            title="Account settings"
            text="Change your email or password."
          />
        </ul>
      </section>
    </div>
  );
}
