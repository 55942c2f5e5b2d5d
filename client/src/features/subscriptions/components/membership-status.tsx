import { useQuery } from '@tanstack/react-query';
import { Crown, Info } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '#client/components/state-message.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { errorText } from '#client/features/auth/api.ts';
import { formatDay } from '#client/features/payments/api.ts';
import { subscriptionQuery, useCancelSubscription, useResumeSubscription } from '../api.ts';
import { membershipSummary } from '../membership.ts';

/** Free, Premium until a date, or cancelling on a date; with Cancel or Resume. */
export function MembershipStatus() {
  const status = useQuery(subscriptionQuery);
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  if (status.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading your membership...
        </span>
        <Skeleton className="h-28 rounded-2xl" />
      </div>
    );
  }
  if (status.isError)
    return <ErrorState message={status.error.message} onRetry={() => void status.refetch()} />;
  const s = status.data;
  const { premium, line, action } = membershipSummary(s);
  const error = cancel.error ?? resume.error;
  return (
    <section
      aria-labelledby="membership-heading"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 sm:flex-row sm:items-center"
    >
      <div className="flex-1">
        <h2 id="membership-heading" className="flex items-center gap-2 font-semibold">
          Your membership
          {premium ? (
            <Badge className="gap-1 border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
              <Crown aria-hidden="true" className="size-3" /> Premium
            </Badge>
          ) : (
            <Badge>Free</Badge>
          )}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="membership-line">
          {line}
        </p>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {errorText(error, 'That did not work. Please try again.')}
          </p>
        ) : null}
      </div>
      {action === 'cancel' ? (
        <Button variant="outline" className="shrink-0" onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      ) : null}
      {action === 'resume' ? (
        <Button className="shrink-0" onClick={() => resume.mutate(undefined)} disabled={resume.isPending}>
          {resume.isPending ? 'Resuming...' : 'Resume subscription'}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Premium?"
        description={`Premium stays on until ${s.currentPeriodEnd ? formatDay(s.currentPeriodEnd) : 'the end of the period you paid for'}, and nothing more is charged. You can resume before then.`}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep Premium"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        destructive
        // A failure closes the dialog too, so its message shows on the card behind it.
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </section>
  );
}

/** Says plainly when this server takes no real money. */
export function DemoProviderNotice() {
  const status = useQuery(subscriptionQuery);
  if (status.data?.provider !== 'demo') return null;
  return (
    <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      This server uses a demo checkout: no card is asked for and no money moves. Payments and invoices are
      still recorded, marked as demo payments.
    </p>
  );
}
