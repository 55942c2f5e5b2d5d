import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { NotFound } from '#client/components/not-found.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { errorText } from '#client/features/auth/api.ts';
import { AuthCodeField } from '#client/features/auth/components/credential-fields.tsx';
import { refetchStaffQueries, staffRefusal, useReauthenticate } from '../api.ts';

/**
 * What a staff page shows before its first answer is in: the page itself, the not-found page
 * (the server answers 404 to anyone below the role), a nudge to turn two-factor sign-in on, or a
 * code to show in this session.
 */
export function StaffGate({ error, children }: { error: unknown; children: ReactNode }) {
  const refusal = staffRefusal(error);
  if (refusal === 'not-found') return <NotFound />;
  if (refusal === 'session-code') return <SessionCode />;
  if (refusal === 'two-factor') {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <ShieldAlert aria-hidden="true" className="size-12 text-brand-strong dark:text-brand" />
        <h1 className="text-3xl font-bold tracking-tight">Two-factor sign-in required</h1>
        <p className="text-muted-foreground">
          Staff pages open only for accounts that sign in with a code from an authenticator app. Turn it on in
          your account settings, then come back.
        </p>
        <Link to="/account" className={buttonVariants({ variant: 'primary' })}>
          Set up two-factor sign-in
        </Link>
      </div>
    );
  }
  return <>{children}</>;
}

/**
 * Staff pages need a code shown in this session, not only two-factor sign-in on the account: a
 * session that signed in before it was on (or turned it on) proves it here, then the page loads.
 */
function SessionCode() {
  const queryClient = useQueryClient();
  const reauth = useReauthenticate();
  const [code, setCode] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    reauth.mutate({ code }, { onSuccess: () => void refetchStaffQueries(queryClient) });
  };
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <ShieldCheck aria-hidden="true" className="size-12 text-brand-strong dark:text-brand" />
      <h1 className="text-3xl font-bold tracking-tight">Confirm with your authenticator app</h1>
      <p className="text-muted-foreground">
        Staff pages need a code from your authenticator app in this session, even though you are signed in.
      </p>
      <form noValidate onSubmit={submit} className="flex w-full max-w-xs flex-col gap-4 text-left">
        <FormAlert message={reauth.error ? errorText(reauth.error, 'That code did not work.') : undefined} />
        <AuthCodeField value={code} onChange={(event) => setCode(event.target.value)} />
        <Button type="submit" disabled={reauth.isPending || code.trim().length === 0}>
          {reauth.isPending ? 'Checking...' : 'Continue'}
        </Button>
      </form>
    </div>
  );
}

export function StaffSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = `staff-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
