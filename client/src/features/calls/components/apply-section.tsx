import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn, Send, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { TextareaField } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorText } from '#client/features/auth/api.ts';
import { authPathFor } from '#client/features/auth/redirect.ts';
import { showServerError } from '#client/features/auth/server-errors.ts';
import type { AuthUser } from '#common/schemas/auth';
import { applyRequest, CALL_LIMITS, type Call } from '#common/schemas/calls';
import { useApply, useWithdraw } from '../api.ts';
import { ApplicationStatusBadge } from './application-status.tsx';

/**
 * The visitor's part of a call: "Apply" (a dialog with an optional note), or, once applied, where
 * the application stands and "Withdraw" while it can still be. Signed out: a way to log in and
 * come back. The owner sees their tools instead (owner-tools.tsx), so this is never theirs.
 */
export function ApplySection({ call, viewer }: { call: Call; viewer: AuthUser | null }) {
  const { pathname } = useLocation();
  const [applying, setApplying] = useState(false);
  const mine = call.myApplication;
  if (mine) return <MyApplicationState call={call} application={mine} />;
  if (call.status !== 'open') return null;
  if (!viewer)
    return (
      <div className="flex flex-col gap-2">
        <Link to={authPathFor(pathname)} className={buttonVariants({ variant: 'brand', size: 'lg' })}>
          <LogIn aria-hidden="true" />
          Log in to apply
        </Link>
        <p className="text-center text-sm text-muted-foreground">
          New here?{' '}
          <Link to="/register" className="font-medium text-foreground underline underline-offset-4">
            Join free
          </Link>{' '}
          to apply.
        </p>
      </div>
    );
  return (
    <>
      <Button variant="brand" size="lg" onClick={() => setApplying(true)}>
        <Send aria-hidden="true" />
        Apply
      </Button>
      <LazyDialog
        open={applying}
        onOpenChange={setApplying}
        title={`Apply: ${call.title}`}
        description="The production sees your profile with your note. Say why you fit, and anything about your dates."
        className="max-w-lg"
      >
        <ApplyForm call={call} onDone={() => setApplying(false)} />
      </LazyDialog>
    </>
  );
}

function ApplyForm({ call, onDone }: { call: Call; onDone: () => void }) {
  const apply = useApply(call.id);
  const form = useForm({ resolver: zodResolver(applyRequest), defaultValues: { note: '' } });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const submit = form.handleSubmit((body) =>
    apply.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Application sent', description: 'The production will see it with your profile.' });
        onDone();
      },
      onError: (error) => showServerError(error, form.setError, ['note']),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextareaField
        label="Note (optional)"
        rows={5}
        placeholder="e.g. Ten years on features as a gaffer, free on all the dates, own kit."
        maxLength={CALL_LIMITS.noteMax}
        length={note.length}
        error={form.formState.errors.note?.message}
        {...form.register('note')}
      />
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={apply.isPending}>
          {apply.isPending ? 'Sending…' : 'Send application'}
        </Button>
      </div>
    </form>
  );
}

const WITHDRAWABLE = new Set(['applied', 'shortlisted']);

function MyApplicationState({
  call,
  application,
}: {
  call: Call;
  application: NonNullable<Call['myApplication']>;
}) {
  const withdraw = useWithdraw(call.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-muted/40 p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
        Your application <ApplicationStatusBadge status={application.status} />
      </p>
      {application.status === 'booked' ? (
        <p className="text-sm text-muted-foreground">
          The production sent you a booking request.{' '}
          <Link
            to="/bookings?as=crew&filter=requested"
            className="font-medium text-foreground underline underline-offset-4"
          >
            Answer it in Bookings
          </Link>
          .
        </p>
      ) : null}
      {WITHDRAWABLE.has(application.status) ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setConfirming(true)}>
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Withdraw your application?"
        description="The production will no longer see you among the applicants."
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing…"
        pending={withdraw.isPending}
        destructive
        onConfirm={() =>
          withdraw.mutate(application.id, {
            onSuccess: () => toast({ title: 'Application withdrawn' }),
            onError: (error) =>
              toast({
                title: 'Not withdrawn',
                description: errorText(error, 'Please try again.'),
                variant: 'destructive',
              }),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </div>
  );
}
