import { lazy, Suspense } from 'react';
import { AuthButtons } from '#client/components/layout/auth-buttons.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useCurrentUser } from '#client/features/auth/api.ts';

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

const headerLoading = <Skeleton className="size-10 rounded-full" data-testid="account-loading" />;
const mobileLoading = <Skeleton className="h-24" />;

/** The header's right side on wide screens: the account menu, or Log In and Sign Up when signed out. */
export function HeaderAccount() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return headerLoading;
  if (!user) return <AuthButtons />;
  return (
    <Suspense fallback={headerLoading}>
      <SignedInHeaderAccount user={user} />
    </Suspense>
  );
}

/** The same inside the phone's side panel; `onNavigate` closes the panel. */
export function MobileAccount({ onNavigate }: { onNavigate: () => void }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return mobileLoading;
  if (!user) return <AuthButtons stacked onChoose={onNavigate} />;
  return (
    <Suspense fallback={mobileLoading}>
      <SignedInMobileAccount user={user} onNavigate={onNavigate} />
    </Suspense>
  );
}
