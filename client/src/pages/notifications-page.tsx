import { CheckCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import {
  useClearAll,
  useMarkAllRead,
  useNotificationPages,
  useUnreadCount,
} from '#client/features/notifications/api.ts';
import { unreadLine } from '#client/features/notifications/components/bell-button.tsx';
import { ConnectionStatus } from '#client/features/notifications/components/connection-status.tsx';
import { NotificationList } from '#client/features/notifications/components/notification-list.tsx';
import { PreferencesForm } from '#client/features/notifications/components/preferences-form.tsx';
import { ThankReviewerButton } from '#client/features/reviews/components/thank-reviewer-button.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

type Tab = 'all' | 'preferences';

function Toolbar() {
  const unread = useUnreadCount();
  const pages = useNotificationPages();
  const markAllRead = useMarkAllRead();
  const clearAll = useClearAll();
  const [confirming, setConfirming] = useState(false);
  const count = unread.data?.unreadCount ?? 0;
  const empty = pages.data?.pages.every((page) => page.notifications.length === 0) ?? true;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={count === 0 || markAllRead.isPending}
        onClick={() => markAllRead.mutate()}
      >
        <CheckCheck aria-hidden="true" />
        Mark All Read
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="hover:text-red-700 dark:hover:text-red-400"
        disabled={empty || clearAll.isPending}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" />
        Clear all
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Clear all notifications?"
        description="Every notification, read or unread, will be deleted. This cannot be undone."
        confirmLabel="Clear all"
        pendingLabel="Clearing..."
        pending={clearAll.isPending}
        destructive
        onConfirm={() => clearAll.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}

export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const unread = useUnreadCount();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'preferences' ? 'preferences' : 'all';
  const count = unread.data?.unreadCount ?? 0;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-muted-foreground">
            {unread.isPending ? 'Checking for new notifications...' : unreadLine(count)}
          </p>
        </div>
        <ConnectionStatus />
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'preferences' ? { tab: 'preferences' } : {}, { replace: true })
        }
      >
        <TabsList>
          <TabsTrigger value="all">All notifications</TabsTrigger>
          <TabsTrigger value="preferences">Preferences</TabsTrigger>
        </TabsList>
        <TabsContent value="all" className="flex flex-col gap-4 pt-6">
          <Toolbar />
          <NotificationList thankButton={ThankReviewerButton} />
        </TabsContent>
        <TabsContent value="preferences" className="pt-6">
          <PreferencesForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}
