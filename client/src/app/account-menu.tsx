import { lazy, Suspense, useState } from 'react';
import { Avatar } from '#client/components/avatar.tsx';
import { AuthButtons } from '#client/components/layout/auth-buttons.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useCurrentUser } from '#client/features/auth/api.ts';
import { cn } from '#client/lib/cn.ts';
import { useEarlyTap } from '#client/lib/early-taps.ts';
import type { AuthUser } from '#common/schemas/auth';

/*
 * Visitors see Log In and Sign Up; the signed-in menu (a Radix dropdown, the messages link and its
 * unread count) is its own chunk, fetched only once someone is signed in. The menu belongs to the
 * shell rather than to auth: it puts the messages feature's link beside the account, and auth sits
 * below the features.
 */
const SignedInHeaderAccount = lazy(() =>
  import('./signed-in-account-menu.tsx').then((module) => ({ default: module.SignedInHeaderAccount })),
);
const SignedInMobileAccount = lazy(() =>
  import('./signed-in-account-menu.tsx').then((module) => ({ default: module.SignedInMobileAccount })),
);

/*
 * While the session check is out (the server renders every page so, ADR 022), the account area is
 * drawn both ways and the head script's hint picks one before the first paint: Log In and Sign Up,
 * which work from that moment (lib/early-taps.ts), unless someone was signed in on this browser's
 * last visit (<html data-member>, public/theme-init.js), who sees the account's placeholder.
 */
const hiddenForMember = '[html[data-member]_&]:hidden';
const hiddenForVisitor = '[html:not([data-member])_&]:hidden';

/** The header's right side on wide screens: the account menu, or Log In and Sign Up when signed out. */
export function HeaderAccount() {
  const { data: user, isPending } = useCurrentUser();
  if (user) return <MemberHeaderAccount user={user} />;
  return (
    <>
      <AuthButtons className={isPending ? hiddenForMember : undefined} />
      {isPending ? (
        // A tap on the placeholder is kept and opens the menu once it is there.
        <Skeleton
          className={cn('size-10 rounded-full', hiddenForVisitor)}
          data-testid="account-loading"
          data-early-tap="account"
        />
      ) : null}
    </>
  );
}

/**
 * Until the menu's chunk arrives the avatar stands in as its button; a tap on it (or on the
 * placeholder before) is kept, and the menu mounts open.
 */
function MemberHeaderAccount({ user }: { user: AuthUser }) {
  const [opened, setOpened] = useState(false);
  const tap = useEarlyTap('account', () => setOpened(true));
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-expanded={opened}
          className="ml-1 rounded-full ring-offset-2 ring-offset-background hover:ring-2 hover:ring-border"
          {...tap}
        >
          <Avatar user={user} size={36} />
        </button>
      }
    >
      <SignedInHeaderAccount user={user} initiallyOpen={opened} />
    </Suspense>
  );
}

/** The same inside the phone's side panel; `onNavigate` closes the panel. */
export function MobileAccount({ onNavigate }: { onNavigate: () => void }) {
  const { data: user, isPending } = useCurrentUser();
  if (user) {
    return (
      <Suspense fallback={<Skeleton className="h-24" />}>
        <SignedInMobileAccount user={user} onNavigate={onNavigate} />
      </Suspense>
    );
  }
  return (
    <>
      <AuthButtons stacked onChoose={onNavigate} className={isPending ? hiddenForMember : undefined} />
      {isPending ? <Skeleton className={cn('h-24', hiddenForVisitor)} /> : null}
    </>
  );
}
