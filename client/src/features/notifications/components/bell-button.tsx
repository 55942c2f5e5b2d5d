import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { unreadBadgeText } from '#common/notifications';

export const unreadLine = (count: number) =>
  count === 0
    ? 'No unread notifications'
    : `${count} unread ${count === 1 ? 'notification' : 'notifications'}`;

/**
 * The bell button with its unread badge (99+ above 99); Radix's trigger passes its props through.
 * The header draws it at once and the dropdown's chunk draws it again as its trigger.
 */
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
