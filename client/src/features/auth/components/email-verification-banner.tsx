import { MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { isReleasedEmail } from '#common/placeholder-email';
import type { AuthUser } from '#common/schemas/auth';
import { useResendVerification } from '../api.ts';

/**
 * A quiet strip under the header while the member's address is unconfirmed: it offers the link
 * again and blocks nothing. An account whose unconfirmed address someone else proved is told so,
 * and pointed to where it adds another.
 */
export default function EmailVerificationBanner({ user }: { user: AuthUser }) {
  const resend = useResendVerification();
  const released = isReleasedEmail(user.email);
  return (
    <section aria-label="Confirm your email" className="border-b border-border bg-muted/60">
      <div className="mx-auto flex max-w-layout flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 text-sm sm:px-6">
        <MailWarning aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {released ? (
          <>
            <p className="min-w-0 flex-1 text-muted-foreground">
              Your account has no email address: the one you signed up with was never confirmed, and someone
              else proved it is theirs.
            </p>
            <Link to="/account#email" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Add an email
            </Link>
          </>
        ) : (
          <>
            <p role="status" className="min-w-0 flex-1 text-muted-foreground">
              {resend.isSuccess ? (
                <>
                  We sent a new link to <span className="font-medium text-foreground">{user.email}</span>.
                </>
              ) : (
                <>
                  Please confirm your email: open the link we sent to{' '}
                  <span className="font-medium text-foreground">{user.email}</span>.
                </>
              )}
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={resend.isPending || resend.isSuccess}
              onClick={() => resend.mutate()}
            >
              {resend.isPending ? 'Sending...' : 'Resend'}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
