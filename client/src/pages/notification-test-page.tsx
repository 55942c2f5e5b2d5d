import { Link } from 'react-router';
import { ConnectionStatus } from '#client/features/notifications/components/connection-status.tsx';
import { TestNotificationForm } from '#client/features/notifications/components/test-notification-form.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

/** SPEC §2 internal page /notification-test: try the bell, the page and browser notifications. */
export default function NotificationTestPage() {
  useDocumentTitle('Notification test');
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notification test</h1>
          <p className="mt-1 text-muted-foreground">
            Send yourself a notification of any type and watch it arrive.{' '}
            <Link
              to="/notifications"
              className="font-medium text-brand-strong underline-offset-4 hover:underline dark:text-brand"
            >
              See all notifications
            </Link>
          </p>
        </div>
        <ConnectionStatus />
      </div>
      <TestNotificationForm />
    </div>
  );
}
