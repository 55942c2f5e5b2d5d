import {
  Award,
  Ban,
  Bell,
  CalendarCheck,
  Check,
  ClipboardCheck,
  Clock,
  DollarSign,
  Megaphone,
  MessageSquare,
  Search,
  Send,
  Star,
  UserPlus,
  Users,
  X,
} from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import type {
  Notification,
  NotificationOutcome,
  NotificationResolved,
  NotificationType,
} from '#common/schemas/notifications';
import { formatAmount, fullTime, outcomeText, timeAgo } from '../links.ts';

const TYPE_LOOK: Record<NotificationType, { icon: typeof Bell; className: string }> = {
  message: { icon: MessageSquare, className: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' },
  review: { icon: Star, className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  team_invite: {
    icon: Users,
    className: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
  },
  connection_request: {
    icon: UserPlus,
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  },
  booking_request: {
    icon: CalendarCheck,
    className: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-300',
  },
  payment_received: {
    icon: DollarSign,
    className: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  },
  profile_featured: {
    icon: Award,
    className: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  },
  system: { icon: Bell, className: 'bg-muted text-muted-foreground' },
  saved_search_match: {
    icon: Search,
    className: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-300',
  },
  call_application: {
    icon: Send,
    className: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300',
  },
  application_update: {
    icon: ClipboardCheck,
    className: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300',
  },
  call_match: {
    icon: Megaphone,
    className: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-300',
  },
};

export function NotificationIcon({ type, className }: { type: NotificationType; className?: string }) {
  const { icon: Icon, className: look } = TYPE_LOOK[type];
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', look, className)}
    >
      <Icon className="size-4" />
    </span>
  );
}

export function NotificationTime({ createdAt }: { createdAt: string }) {
  return (
    <time dateTime={createdAt} title={fullTime(createdAt)} className="text-xs text-muted-foreground">
      {timeAgo(createdAt)}
    </time>
  );
}

/** SPEC §2: a rating shows as a star badge and an amount as a dollar badge. */
export function DataBadges({ notification }: { notification: Notification }) {
  const rating = notification.data?.rating;
  const amount = notification.data?.amount;
  if (rating === undefined && amount === undefined) return null;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {rating !== undefined ? (
        <span
          role="img"
          aria-label={`${rating} out of 5 stars`}
          className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          <Star aria-hidden="true" className="size-3 fill-current" />
          {rating}
        </span>
      ) : null}
      {amount !== undefined ? (
        <span className="inline-flex items-center gap-0.5 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">
          <DollarSign aria-hidden="true" className="size-3" />
          <span className="sr-only">Amount </span>
          {formatAmount(amount).replace(/^\$/, '')}
        </span>
      ) : null}
    </span>
  );
}

/** SPEC §2: unread items show a New badge. */
export function NewBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-brand px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-ink">
      New
    </span>
  );
}

const OUTCOME_ICON: Record<NotificationOutcome, typeof Bell> = {
  accepted: Check,
  confirmed: Check,
  declined: X,
  cancelled: Ban,
  withdrawn: Ban,
  expired: Clock,
};

/**
 * Issue 31: how a request the notification asked was answered ("Accepted · 2 Dec"), in place of
 * its Accept and Decline, on the page and in the dropdown.
 */
export function NotificationOutcomeLine({
  resolved,
  className,
}: {
  resolved: NotificationResolved;
  className?: string;
}) {
  const Icon = OUTCOME_ICON[resolved.status];
  return (
    <span
      data-outcome={resolved.status}
      title={resolved.at ? fullTime(resolved.at) : undefined}
      className={cn('inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground', className)}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {outcomeText(resolved)}
    </span>
  );
}
