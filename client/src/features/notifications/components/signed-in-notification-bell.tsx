import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/cn.ts';
import { LIMITS } from '#common/limits';
import type { Notification } from '#common/schemas/notifications';
import { useDropdownList, useMarkAllRead, useMarkRead } from '../api.ts';
import { dropdownLinkOf } from '../links.ts';
import { BellButton, unreadLine } from './bell-button.tsx';
import { LiveUpdatesRefused } from './connection-status.tsx';
import {
  DataBadges,
  NotificationIcon,
  NotificationOutcomeLine,
  NotificationTime,
} from './notification-bits.tsx';

/** The bell with its dropdown of the newest 8 (SPEC §2); fetched once someone is signed in. */
export function SignedInNotificationBell({
  count,
  initiallyOpen,
}: {
  count: number;
  initiallyOpen: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <BellButton count={count} />
      </PopoverTrigger>
      <PopoverContent
        aria-label="Notifications"
        className="flex w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden p-0"
      >
        <NotificationDropdown count={count} onClose={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}

function NotificationDropdown({ count, onClose }: { count: number; onClose: () => void }) {
  const [unreadOnly, setUnreadOnly] = useState(true);
  const list = useDropdownList(unreadOnly);
  const markAllRead = useMarkAllRead();
  return (
    <>
      <div className="flex flex-col gap-3 border-b border-border px-4 pb-3 pt-4">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-semibold">Notifications</h2>
          <fieldset className="inline-flex rounded-lg bg-muted p-0.5 text-xs font-medium">
            <legend className="sr-only">Which notifications</legend>
            {[
              { label: 'Show Unread', value: true },
              { label: 'Show All', value: false },
            ].map((option) => (
              <button
                key={option.label}
                type="button"
                aria-pressed={unreadOnly === option.value}
                onClick={() => setUnreadOnly(option.value)}
                className={cn(
                  'rounded-md px-2.5 py-1 transition-colors',
                  unreadOnly === option.value
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {option.label}
              </button>
            ))}
          </fieldset>
        </div>
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" data-testid="unread-count-line">
            {count === 0 ? 'Nothing unread' : unreadLine(count)}
          </p>
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0"
            disabled={count === 0 || markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            <CheckCheck aria-hidden="true" />
            Mark All Read
          </Button>
        </div>
      </div>
      <LiveUpdatesRefused />
      <div className="max-h-[min(28rem,60vh)] overflow-y-auto">
        <DropdownItems list={list} unreadOnly={unreadOnly} onClose={onClose} />
      </div>
      <div className="border-t border-border p-2">
        <Link
          to="/notifications"
          onClick={onClose}
          className="flex w-full items-center justify-center rounded-md px-3 py-2 text-sm font-medium text-brand-strong hover:bg-muted dark:text-brand"
        >
          View All Notifications
        </Link>
      </div>
    </>
  );
}

function DropdownItems({
  list,
  unreadOnly,
  onClose,
}: {
  list: ReturnType<typeof useDropdownList>;
  unreadOnly: boolean;
  onClose: () => void;
}) {
  const markRead = useMarkRead();
  const navigate = useNavigate();
  if (list.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3 p-4">
        <span className="sr-only" role="status">
          Loading notifications...
        </span>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
          <div key={i} className="flex gap-3">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm">
        <p>We couldn't load your notifications.</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = list.data.notifications.slice(0, LIMITS.notificationDropdownSize);
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 px-4 py-10 text-center">
        <Bell aria-hidden="true" className="mb-1 size-8 text-muted-foreground" />
        <p className="font-medium">{unreadOnly ? 'No unread notifications' : 'No notifications yet'}</p>
        <p className="text-sm text-muted-foreground">You're all caught up!</p>
      </div>
    );
  }
  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    onClose();
    void navigate(dropdownLinkOf(notification));
  };
  return (
    <ul
      aria-label={unreadOnly ? 'Unread notifications' : 'All notifications'}
      className="divide-y divide-border"
    >
      {items.map((notification) => (
        <li key={notification.id}>
          <a
            href={dropdownLinkOf(notification)}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              open(notification);
            }}
            className={cn(
              'flex gap-3 border-l-4 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-offset-[-2px]',
              notification.isRead
                ? 'border-l-transparent'
                : 'border-l-brand bg-amber-50/60 dark:bg-amber-950/20',
            )}
          >
            <NotificationIcon type={notification.type} />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="flex items-start justify-between gap-2">
                <span className="text-sm font-semibold leading-snug">
                  {notification.isRead ? null : <span className="sr-only">Unread: </span>}
                  {notification.title}
                </span>
                <DataBadges notification={notification} />
              </span>
              <span className="line-clamp-2 text-sm text-muted-foreground">{notification.message}</span>
              {notification.resolved ? <NotificationOutcomeLine resolved={notification.resolved} /> : null}
              <NotificationTime createdAt={notification.createdAt} />
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
