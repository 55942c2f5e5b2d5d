import { useEffect, useId, useMemo, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useViewer } from '#client/features/auth/api.ts';
import {
  EMAIL_CATEGORIES,
  EMAIL_DIGEST_KEY,
  EMAIL_PREFERENCE_KEYS,
  type EmailCategory,
  type EmailPreferenceKey,
  type EmailPreferences,
} from '#common/policies/email';
import {
  type AllPreferences,
  EMAIL_CATEGORY_LABELS,
  EMAIL_DIGEST_LABEL,
} from '#common/schemas/email-preferences';
import type { NotificationPreferences } from '#common/schemas/notifications';

/** SPEC's five switches, and the opt-in to crew call alerts (issue 36), saved together. */
type SiteChoices = NotificationPreferences & Pick<AllPreferences, 'call_match_notifications'>;

import { usePreferences, useUpdatePreferences } from '../api.ts';
import {
  type BrowserPermission,
  browserPermission,
  requestBrowserPermission,
} from '../browser-notifications.ts';

const FIELDS: { name: keyof SiteChoices; label: string; hint: string }[] = [
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
  {
    name: 'call_match_notifications',
    label: 'Crew call alerts',
    hint: 'New crew calls for your roles in your place, at most once a day. Off until you turn it on.',
  },
];

/** Issue 32: what each kind of e-mail is about. */
const EMAIL_HINTS: Record<EmailCategory, string> = {
  bookings: 'Booking requests, holds, answers, cancellations, and holds that are promoted or lapse.',
  messages:
    'New direct messages while you are away from CrewBase, at most one e-mail per conversation an hour.',
  teams: 'A production invites you to join its team.',
  reviews: 'Someone reviews your work, or your profile is featured.',
  payments: 'A payment reaches you.',
  product_news: 'Now and then, what is new on CrewBase.',
  saved_searches: 'New people match a search you saved with alerts on, at most once a day per search.',
  call_matches: 'New crew calls for your roles in your place, once you turn crew call alerts on above.',
};

const EMAIL_FIELDS: { name: EmailPreferenceKey; label: string; hint: string }[] = EMAIL_CATEGORIES.map(
  (category) => ({
    name: EMAIL_PREFERENCE_KEYS[category],
    label: EMAIL_CATEGORY_LABELS[category],
    hint: EMAIL_HINTS[category],
  }),
);

const EMAIL_KEYS: EmailPreferenceKey[] = [...EMAIL_FIELDS.map((field) => field.name), EMAIL_DIGEST_KEY];

const PERMISSION_TEXT: Record<BrowserPermission, string | null> = {
  granted: null,
  default: 'Your browser will ask whether CrewBase may show notifications.',
  denied: 'Your browser blocks notifications from CrewBase. Allow them in the site settings to see them.',
  unsupported: 'This browser cannot show notifications.',
};

/** SPEC §3 preferences: the five switches, and the e-mail ones of issue 32, saved together with PATCH. */
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
  return <LoadedPreferences preferences={preferences} loadFailed={isError} />;
}

/**
 * The same object for as long as its values are the same: saving one form must not reset the
 * other (and lose its unsaved changes) just because the query's answer is a new object.
 */
function useSameValues<T>(value: T): T {
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are the key, on purpose.
  return useMemo(() => value, [key]);
}

/** SPEC's five switches in one form, and the e-mail choices of issue 32 in another: one PATCH each. */
function LoadedPreferences({
  preferences,
  loadFailed,
}: {
  preferences: AllPreferences;
  loadFailed: boolean;
}) {
  const site = useSameValues<SiteChoices>({
    browser_notifications: preferences.browser_notifications,
    message_notifications: preferences.message_notifications,
    review_notifications: preferences.review_notifications,
    team_invite_notifications: preferences.team_invite_notifications,
    system_notifications: preferences.system_notifications,
    call_match_notifications: preferences.call_match_notifications,
  });
  const email = useSameValues(
    Object.fromEntries(EMAIL_KEYS.map((key) => [key, preferences[key]])) as EmailPreferences,
  );
  return (
    <div className="flex flex-col gap-10">
      <PreferencesFields initial={site} loadFailed={loadFailed} />
      <EmailPreferencesForm initial={email} />
    </div>
  );
}

function PreferencesFields({ initial, loadFailed }: { initial: SiteChoices; loadFailed: boolean }) {
  const id = useId();
  const update = useUpdatePreferences();
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const form = useForm<SiteChoices>({ defaultValues: initial });
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

/** Issue 32: an e-mail choice per kind of notification, and the daily digest instead of single mails. */
function EmailPreferencesForm({ initial }: { initial: EmailPreferences }) {
  const id = useId();
  const viewer = useViewer();
  const update = useUpdatePreferences();
  const form = useForm<EmailPreferences>({ defaultValues: initial });
  const { reset, control } = form;
  useEffect(() => reset(initial), [initial, reset]);
  return (
    <form
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          E-mail
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          E-mails go only to a confirmed address. Security notices, such as a changed password, are always
          sent.
        </p>
        {viewer && !viewer.emailVerified ? (
          <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">
            Your address is not confirmed yet, so no e-mail reaches you.{' '}
            <Link to="/account" className="font-medium underline underline-offset-4">
              Confirm it on your account page
            </Link>
            .
          </p>
        ) : null}
      </div>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card">
        {EMAIL_FIELDS.map((field) => (
          <PreferenceRow key={field.name} id={`${id}-${field.name}`} control={control} {...field} />
        ))}
      </ul>
      <ul className="flex flex-col rounded-xl border border-border bg-card">
        <PreferenceRow
          id={`${id}-${EMAIL_DIGEST_KEY}`}
          control={control}
          name={EMAIL_DIGEST_KEY}
          label={EMAIL_DIGEST_LABEL}
          hint="One e-mail a day listing what happened, instead of an e-mail each time."
        />
      </ul>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
          {update.isPending ? 'Saving...' : 'Save e-mail preferences'}
        </Button>
        {form.formState.isDirty ? (
          <p className="text-sm text-muted-foreground">You have unsaved changes.</p>
        ) : null}
      </div>
    </form>
  );
}

function PreferenceRow({
  id,
  control,
  name,
  label,
  hint,
}: {
  id: string;
  control: Control<EmailPreferences>;
  name: EmailPreferenceKey;
  label: string;
  hint: string;
}) {
  return (
    <li className="flex items-start gap-3 p-4">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Checkbox
            id={id}
            className="mt-0.5"
            checked={field.value}
            aria-describedby={`${id}-hint`}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
        )}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </li>
  );
}
