import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/http.ts';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';
import { isPlaceholderEmail } from '#common/placeholder-email';
import { type AuthUser, EMAIL_LINK_HOURS, EMAIL_LINK_MESSAGES } from '#common/schemas/auth';
import { errorText, useCurrentUser, useResendVerification, useVerifyEmail } from '../api.ts';

/**
 * The page a confirmation email links to. The link only works signed in to the account it was sent
 * for (a stranger's click must not confirm an account someone registered with their address), so
 * a signed-out visitor logs in first; the token is then posted once.
 */
export function VerifyEmail({ token }: { token: string | undefined }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!user) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-sm text-muted-foreground">
          Log in to the account this link was sent for, and we confirm your email right after.
        </p>
        <Button type="button" onClick={() => firePageEvent(PAGE_EVENTS.openLogin)}>
          Log In
        </Button>
      </div>
    );
  }
  if (!token) {
    return (
      <Failed
        user={user}
        message="This link is incomplete. Open the link from your email again, or ask for a new one."
      />
    );
  }
  return <Confirm user={user} token={token} />;
}

function Confirm({ user, token }: { user: AuthUser; token: string }) {
  const verify = useVerifyEmail();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    verify.mutate(token);
  }, [token, verify.mutate]);

  if (verify.isSuccess) {
    return (
      <Done>
        Your email <span className="font-medium">{verify.data.email}</span> is confirmed.
      </Done>
    );
  }
  if (verify.isError) {
    // A link opened twice: the second opening finds it used, and the address is already confirmed.
    const used = verify.error instanceof ApiError && verify.error.plainMessage === EMAIL_LINK_MESSAGES.used;
    if (used && user.emailVerified) {
      return (
        <Done>
          Your email <span className="font-medium">{user.email}</span> is already confirmed.
        </Done>
      );
    }
    return <Failed user={user} message={errorText(verify.error, 'This link could not be opened.')} />;
  }
  return <Spinner label="Confirming your email..." />;
}

function Done({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <p role="status" className="flex items-start gap-2">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        <span>{children}</span>
      </p>
      <Link to="/dashboard" className={buttonVariants()}>
        Go to your dashboard
      </Link>
    </div>
  );
}

/** Why the link did not work, and the ways to a new one: sent again, or a new change of address. */
function Failed({ user, message }: { user: AuthUser; message: string }) {
  const resend = useResendVerification();
  const canResend = !user.emailVerified && !isPlaceholderEmail(user.email);
  return (
    <div className="flex flex-col items-start gap-4">
      <FormAlert message={message} />
      {resend.isSuccess ? (
        <p role="status" className="text-sm">
          We sent a new link to <span className="font-medium">{user.email}</span>. It works for{' '}
          {EMAIL_LINK_HOURS} hours.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {canResend ? (
          <Button
            type="button"
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Sending...' : 'Send a new link'}
          </Button>
        ) : null}
        <Link to="/account#email" className={buttonVariants({ variant: 'outline' })}>
          Email settings
        </Link>
      </div>
    </div>
  );
}
