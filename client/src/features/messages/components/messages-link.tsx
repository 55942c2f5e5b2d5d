import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { CountBadge } from '#client/components/ui/count-badge.tsx';
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
        <CountBadge data-testid="messages-badge" className="bg-brand text-ink">
          {unreadBadgeText(unread)}
        </CountBadge>
      ) : null}
    </Link>
  );
}
