import { lazy, Suspense, useState } from 'react';
import { useViewer } from '#client/features/auth/api.ts';
import { useEarlyTap } from '#client/lib/early-taps.ts';
import { useUnreadCount } from '../api.ts';
import { BellButton } from './bell-button.tsx';

/*
 * The dropdown (a Radix popover, the list and its actions) is its own chunk, fetched once someone
 * is signed in; until it arrives the same button shows the badge, and a tap on it is kept so the
 * dropdown opens as soon as it is there rather than the tap being lost (lib/early-taps.ts, the
 * pattern every header control shares).
 */
const SignedInNotificationBell = lazy(() =>
  import('./signed-in-notification-bell.tsx').then((module) => ({
    default: module.SignedInNotificationBell,
  })),
);

/** SPEC §2: the header bell and the dropdown of the newest 8, for signed-in members. */
export function NotificationBell() {
  const user = useViewer();
  const unread = useUnreadCount();
  const [openedEarly, setOpenedEarly] = useState(false);
  const tap = useEarlyTap('notifications', () => setOpenedEarly(true));
  if (!user) return null;
  const count = unread.data?.unreadCount ?? 0;
  return (
    <Suspense fallback={<BellButton count={count} aria-expanded={openedEarly} {...tap} />}>
      <SignedInNotificationBell count={count} initiallyOpen={openedEarly} />
    </Suspense>
  );
}
