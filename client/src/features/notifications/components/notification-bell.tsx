import { Bell } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useViewer } from '#client/features/auth/api.ts';
import { unreadBadgeText } from '#common/notifications';
import { useUnreadCount } from '../api.ts';

export const unreadLine = (count: number) =>
  count === 0
    ? 'No unread notifications'
    : `${count} unread ${count === 1 ? 'notification' : 'notifications'}`;

/*
 * The dropdown (a Radix popover, the list and its actions) is its own chunk, fetched once someone
 * is signed in; until it arrives the same button shows the badge, and a tap on it is kept so the
 * dropdown opens as soon as it is there rather than the tap being lost.
 */
const SignedInNotificationBell = lazy(() =>
  import('./signed-in-notification-bell.tsx').then((module) => ({
    default: module.SignedInNotificationBell,
  })),
);

/** The bell button with its unread badge (99+ above 99); Radix's trigger passes its props through. */
export function BellButton({ count, ...props }: { count: number } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={count > 0 ? `Notifications, ${unreadLine(count)}` : 'Notifications'}
      data-testid="notification-bell"
      {...props}
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-background"
        >
          {unreadBadgeText(count)}
        </span>
      ) : null}
    </Button>
  );
}

/** SPEC §2: the header bell and the dropdown of the newest 8, for signed-in members. */
export function NotificationBell() {
  const user = useViewer();
  const unread = useUnreadCount();
  const [openedEarly, setOpenedEarly] = useState(false);
  if (!user) return null;
  const count = unread.data?.unreadCount ?? 0;
  return (
    <Suspense
      fallback={<BellButton count={count} aria-expanded={openedEarly} onClick={() => setOpenedEarly(true)} />}
    >
      <SignedInNotificationBell count={count} initiallyOpen={openedEarly} />
    </Suspense>
  );
}
