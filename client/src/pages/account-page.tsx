import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { displayNameOf, useLogout } from '#client/features/auth/api.ts';
import { AccessTokensSection } from '#client/features/auth/components/access-tokens-section.tsx';
import { ChangeEmailForm, ChangePasswordForm } from '#client/features/auth/components/account-forms.tsx';
import { DataExportSection } from '#client/features/auth/components/data-export-section.tsx';
import { DeleteAccountSection } from '#client/features/auth/components/delete-account-section.tsx';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { TwoFactorSettings } from '#client/features/auth/components/two-factor-settings.tsx';
import { YourDevices } from '#client/features/auth/components/your-devices.tsx';
import {
  CalendarLinkSettings,
  DaysOffEditor,
} from '#client/features/bookings/components/calendar-settings.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { useScrollToHashOnArrival } from '#client/lib/use-scroll-to-hash.ts';

function Section({
  title,
  description,
  children,
  anchor,
}: {
  title: string;
  description: string;
  children: ReactNode;
  /** The section's address on the page (`/account#calendar`). */
  anchor?: string;
}) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section
      id={anchor}
      aria-labelledby={id}
      className="grid scroll-mt-20 gap-6 rounded-2xl border border-border bg-card p-6 sm:p-8 md:grid-cols-[16rem_1fr]"
    >
      <div>
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="max-w-md">{children}</div>
    </section>
  );
}

export default function AccountPage() {
  useDocumentTitle('Account settings');
  const user = useSignedInUser();
  const logout = useLogout();
  useScrollToHashOnArrival();
  return (
    <div className="mx-auto max-w-layout px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Account settings</h1>
      <p className="mt-2 text-muted-foreground">How you sign in to CrewBase, and where we write to you.</p>
      <div className="mt-8 flex flex-col gap-6">
        <Section title="Profile" description="What other members see is on your public profile.">
          <div className="flex items-center gap-4">
            <Avatar user={user} size={56} />
            <div className="min-w-0">
              <p className="truncate font-medium">{displayNameOf(user)}</p>
              <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
            </div>
          </div>
          <Link
            to={`/profile/${user.id}`}
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-4' })}
          >
            View my profile
          </Link>
        </Section>
        <Section
          anchor="email"
          title="Email"
          description="Changing it needs your current password and takes effect when you open the link we send to the new address."
        >
          <ChangeEmailForm user={user} />
        </Section>
        <Section title="Password" description="Use at least 6 characters, and one you do not use elsewhere.">
          <ChangePasswordForm />
        </Section>
        <Section
          title="Two-factor sign-in"
          description="A code from an authenticator app on top of your password. Staff accounts need it."
        >
          <TwoFactorSettings user={user} />
        </Section>
        <Section
          anchor="devices"
          title="Your devices"
          description="Where your account is signed in. Sign out any device you do not recognise, then change your password."
        >
          <YourDevices />
        </Section>
        <Section
          anchor="api-tokens"
          title="API tokens"
          description="Personal access tokens let your own scripts and tools use the CrewBase API as you. Never for staff, account security or payments."
        >
          <AccessTokensSection />
        </Section>
        <Section
          anchor="calendar"
          title="Days off"
          description="Days you are not taking work. Productions see them as unavailable, never why."
        >
          <DaysOffEditor userId={user.id} />
        </Section>
        <Section
          title="Calendar link"
          description="Your bookings and holds in Google Calendar, Apple Calendar or Outlook, kept up to date."
        >
          <CalendarLinkSettings />
        </Section>
        <Section title="Session" description="Sign out of CrewBase on this device.">
          <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {logout.isPending ? 'Logging out...' : 'Log out'}
          </Button>
        </Section>
        <Section anchor="data" title="Your data" description="A copy of everything CrewBase holds about you.">
          <DataExportSection />
        </Section>
        <Section
          anchor="delete"
          title="Delete my account"
          description="Close your CrewBase account for good."
        >
          <DeleteAccountSection user={user} />
        </Section>
      </div>
    </div>
  );
}
