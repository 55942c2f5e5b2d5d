import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import {
  ACCOUNT_ERASE_AFTER_DAYS,
  type DeleteAccountRequest,
  deleteAccountRequest,
} from '#common/schemas/account-deletion';
import type { AuthUser } from '#common/schemas/auth';
import { useDeleteAccount } from '../deletion-api.ts';
import { showServerError } from '../server-errors.ts';
import { AuthCodeField, CurrentPasswordField } from './credential-fields.tsx';

const DANGER_BUTTON = 'bg-red-700 text-white hover:bg-red-800 hover:opacity-100 dark:bg-red-600';

/** What happens, in the order it happens: the section and the dialog both say it. */
function Timeline() {
  return (
    <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm">
      <li>You are signed out on every device, and your profile disappears from CrewBase at once.</li>
      <li>
        Booking requests and holds waiting for an answer, team invitations and connection requests are
        cancelled, and Premium stops renewing.
      </li>
      <li>
        For {ACCOUNT_ERASE_AFTER_DAYS} days you can change your mind: sign in and choose{' '}
        <strong>Restore my account</strong>.
      </li>
      <li>
        After that your profile, photos, messages and settings are erased. Reviews you wrote stay, shown as by
        a former member. Payments and invoices are kept as tax law requires.
      </li>
    </ul>
  );
}

function DeleteAccountForm({ user, onCancel }: { user: AuthUser; onCancel: () => void }) {
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequest),
    defaultValues: user.twoFactorEnabled ? { password: '', code: '' } : { password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    remove.mutate(body, { onError: (error) => showServerError(error, form.setError, ['password', 'code']) }),
  );
  // Once deleted, the page is replaced: the button stays busy until it is.
  const busy = remove.isPending || remove.isSuccess;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <Timeline />
      <FormAlert message={errors.root?.server?.message} />
      <CurrentPasswordField
        autoFocus
        hint="To be sure it is you."
        error={errors.password?.message}
        {...form.register('password')}
      />
      {user.twoFactorEnabled ? (
        <AuthCodeField error={errors.code?.message} {...form.register('code')} />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Keep my account
        </Button>
        <Button type="submit" className={DANGER_BUTTON} disabled={busy}>
          {busy ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The danger zone of /account (issue 33, ADR 026): "Delete my account", confirmed in a dialog with
 * the password (and a code when two-factor sign-in is on). The server signs every device out; this
 * tab then goes to /account-deleted.
 */
export function DeleteAccountSection({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Your profile is hidden at once and erased after {ACCOUNT_ERASE_AFTER_DAYS} days. Until then, signing
        in again offers to restore it.
      </p>
      <Button
        type="button"
        variant="outline"
        className="self-start border-red-300 text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-400 dark:hover:bg-red-950/40"
        onClick={() => setOpen(true)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete my account
      </Button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description={`Enter your password to confirm. You have ${ACCOUNT_ERASE_AFTER_DAYS} days to change your mind.`}
      >
        <DeleteAccountForm user={user} onCancel={() => setOpen(false)} />
      </LazyDialog>
    </div>
  );
}
