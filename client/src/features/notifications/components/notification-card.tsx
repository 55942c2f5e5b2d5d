import { Check, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import type { Notification } from '#common/schemas/notifications';
import { actionFailedToast, useDeleteNotification, useMarkRead } from '../api.ts';
import { NotificationActions, type ThankButton } from './notification-actions.tsx';
import { DataBadges, NewBadge, NotificationIcon, NotificationTime } from './notification-bits.tsx';

/**
 * One notification on the full page: what happened, when, its badges, its actions (SPEC §2), and
 * mark-as-read and delete. Unread ones carry the New badge and a colored left border.
 */
export function NotificationCard({
  notification,
  thankButton,
}: {
  notification: Notification;
  thankButton: ThankButton;
}) {
  const titleId = useId();
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const unread = !notification.isRead;
  const markAsRead = () => {
    if (unread) markRead.mutate(notification.id, { onError: actionFailedToast });
  };
  return (
    <article
      aria-labelledby={titleId}
      data-unread={unread || undefined}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 transition-opacity sm:p-5',
        unread && 'border-l-4 border-l-brand bg-amber-50/40 dark:bg-amber-950/15',
        remove.isPending && 'opacity-50',
      )}
    >
      <div className="flex gap-3 sm:gap-4">
        <NotificationIcon type={notification.type} className="mt-0.5" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={titleId} className="font-semibold leading-snug break-words">
              {notification.title}
            </h3>
            {unread ? <NewBadge /> : null}
            <DataBadges notification={notification} />
          </div>
          <p className="text-sm break-words text-muted-foreground">{notification.message}</p>
          <NotificationTime createdAt={notification.createdAt} />
        </div>
        <div className="-mr-1 -mt-1 flex shrink-0 items-start gap-1">
          {unread ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label="Mark as read"
              aria-describedby={titleId}
              title="Mark as read"
              disabled={markRead.isPending}
              onClick={markAsRead}
            >
              <Check aria-hidden="true" />
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="icon"
            className="size-9 hover:text-red-700 dark:hover:text-red-400"
            aria-label="Delete notification"
            aria-describedby={titleId}
            title="Delete notification"
            disabled={remove.isPending}
            onClick={() => remove.mutate(notification.id)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <NotificationActions
        notification={notification}
        describedBy={titleId}
        onActed={markAsRead}
        thankButton={thankButton}
        className="pl-12 sm:pl-[3.25rem]"
      />
    </article>
  );
}
