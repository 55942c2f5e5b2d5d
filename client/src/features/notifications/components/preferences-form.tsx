import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import type { NotificationPreferences } from '#common/schemas/notifications';
import { usePreferences, useUpdatePreferences } from '../api.ts';
import {
  type BrowserPermission,
  browserPermission,
  requestBrowserPermission,
} from '../browser-notifications.ts';

const FIELDS: { name: keyof NotificationPreferences; label: string; hint: string }[] = [
  {
    name: 'browser_notifications',
    label: 'Browser notifications',
    hint: 'Your browser shows each new notification, even while CrewBase is in another tab.',
  },
  { name: 'message_notifications', label: 'Messages', hint: 'Someone sends you a direct message.' },
  { name: 'review_notifications', label: 'Reviews', hint: 'Someone reviews your work.' },
  {
    name: 'team_invite_notifications',
    label: 'Team invitations',
    hint: 'A production invites you to join its team.',
  },
  {
    name: 'system_notifications',
    label: 'System notifications',
    hint: 'Thanks for your reviews, and news about your account.',
  },
];

const PERMISSION_TEXT: Record<BrowserPermission, string | null> = {
  granted: null,
  default: 'Your browser will ask whether CrewBase may show notifications.',
  denied: 'Your browser blocks notifications from CrewBase. Allow them in the site settings to see them.',
  unsupported: 'This browser cannot show notifications.',
};

/** SPEC §3 preferences: the five switches, saved together with PATCH. */
export function PreferencesForm() {
  const { preferences, isPending, isError, error, refetch } = usePreferences();
  if (isPending && !preferences) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only" role="status">
          Loading preferences...
        </span>
        {FIELDS.map((field) => (
          <Skeleton key={field.name} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  }
  if (!preferences) return <ErrorState message={error?.message ?? ''} onRetry={() => void refetch()} />;
  return <PreferencesFields initial={preferences} loadFailed={isError} />;
}

function PreferencesFields({
  initial,
  loadFailed,
}: {
  initial: NotificationPreferences;
  loadFailed: boolean;
}) {
  const id = useId();
  const update = useUpdatePreferences();
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const form = useForm<NotificationPreferences>({ defaultValues: initial });
  const { reset } = form;
  useEffect(() => reset(initial), [initial, reset]);

  const askPermission = async () => setPermission(await requestBrowserPermission());
  const browserOn = form.watch('browser_notifications');

  return (
    <form
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-5"
      // The saved answer comes back as `initial`, which resets the form (no longer dirty).
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Notification preferences
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Choose what reaches you, and how.</p>
        {loadFailed ? (
          <p role="alert" className="mt-2 text-sm text-amber-800 dark:text-amber-300">
            Your saved preferences could not be loaded, so everything shows as on.
          </p>
        ) : null}
      </div>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card">
        {FIELDS.map((field) => (
          <li key={field.name} className="flex items-start gap-3 p-4">
            <Controller
              control={form.control}
              name={field.name}
              render={({ field: control }) => (
                <Checkbox
                  id={`${id}-${field.name}`}
                  className="mt-0.5"
                  checked={control.value}
                  aria-describedby={`${id}-${field.name}-hint`}
                  onCheckedChange={(checked) => {
                    control.onChange(checked === true);
                    // Turning browser notifications on is the user gesture a permission prompt needs.
                    if (
                      field.name === 'browser_notifications' &&
                      checked === true &&
                      permission === 'default'
                    ) {
                      void askPermission();
                    }
                  }}
                  onBlur={control.onBlur}
                />
              )}
            />
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
              <p id={`${id}-${field.name}-hint`} className="text-sm text-muted-foreground">
                {field.hint}
              </p>
              {field.name === 'browser_notifications' && browserOn && PERMISSION_TEXT[permission] ? (
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <p className="text-sm text-amber-800 dark:text-amber-300">{PERMISSION_TEXT[permission]}</p>
                  {permission === 'default' ? (
                    <Button type="button" variant="outline" size="sm" onClick={() => void askPermission()}>
                      Allow browser notifications
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
          {update.isPending ? 'Saving...' : 'Save preferences'}
        </Button>
        {form.formState.isDirty ? (
          <p className="text-sm text-muted-foreground">You have unsaved changes.</p>
        ) : null}
      </div>
    </form>
  );
}
