import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { CountBadge } from '#client/components/ui/count-badge.tsx';
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
        <CountBadge data-testid="notification-badge" className="bg-red-600 text-white">
          {unreadBadgeText(count)}
        </CountBadge>
      ) : null}
    </Button>
  );
}
