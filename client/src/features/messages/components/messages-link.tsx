import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { unreadBadgeText } from '#common/notifications';
import { unreadMessagesQuery } from '../api.ts';

/** SPEC §2: the messages icon, for subscribers, with their unread messages (kept live over /ws). */
export function MessagesLink() {
  const unread = useQuery(unreadMessagesQuery).data?.unreadCount ?? 0;
  return (
    <Link
      to="/messages"
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
      className="relative inline-flex size-10 items-center justify-center rounded-lg hover:bg-muted"
    >
      <MessageSquare aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="messages-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] font-bold leading-none text-ink ring-2 ring-background"
        >
          {unreadBadgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
