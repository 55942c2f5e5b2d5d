import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NotFound } from '#client/components/not-found.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { staffRefusal } from '../api.ts';

/**
 * What a staff page shows before its first answer is in: the page itself, the not-found page
 * (the server answers 404 to anyone below the role) or a nudge to turn two-factor sign-in on.
 */
export function StaffGate({ error, children }: { error: unknown; children: ReactNode }) {
  const refusal = staffRefusal(error);
  if (refusal === 'not-found') return <NotFound />;
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
