import { lazy, Suspense } from 'react';
import { useViewer } from '#client/features/auth/api.ts';
import { isPlaceholderEmail, isReleasedEmail } from '#common/placeholder-email';

const EmailVerificationBanner = lazy(
  () => import('#client/features/auth/components/email-verification-banner.tsx'),
);

/**
 * The unconfirmed-email banner, fetched only for a member who needs it. Not for an account a
 * provider made without an address: there is nothing to confirm and it has no password to add one.
 */
export function EmailNoticeSlot() {
  const user = useViewer();
  if (!user || user.emailVerified) return null;
  if (isPlaceholderEmail(user.email) && !isReleasedEmail(user.email)) return null;
  return (
    <Suspense fallback={null}>
      <EmailVerificationBanner user={user} />
    </Suspense>
  );
}
