import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';
import { passwordResetForm } from '#common/schemas/auth';
import { useConfirmPasswordReset } from '../api.ts';
import { showServerError } from '../server-errors.ts';

const askForNewLink = () => firePageEvent(PAGE_EVENTS.openForgotPassword);

/** The page a reset email links to: choose a new password for the account the token names. */
export function ResetPasswordForm({ token }: { token: string }) {
  const confirmReset = useConfirmPasswordReset();
  const form = useForm({
    resolver: zodResolver(passwordResetForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  if (confirmReset.isSuccess) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p role="status" className="flex items-start gap-2">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
          {confirmReset.data.message}
        </p>
        <Button type="button" onClick={() => firePageEvent(PAGE_EVENTS.openLogin)}>
          Log In
        </Button>
      </div>
    );
  }

  const submit = form.handleSubmit(({ password }) => {
    confirmReset.mutate(
      { token, password },
      { onError: (error) => showServerError(error, form.setError, ['password']) },
    );
  });
  const failure = errors.root?.server?.message;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {failure ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert message={failure} />
          <Button type="button" variant="outline" size="sm" onClick={askForNewLink}>
            Ask for a new link
          </Button>
        </div>
      ) : null}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="mt-2 w-full" disabled={confirmReset.isPending}>
        {confirmReset.isPending ? 'Saving...' : 'Reset password'}
      </Button>
    </form>
  );
}

/** A reset link without its token cannot work; say so and offer a fresh one. */
export function MissingResetToken() {
  return (
    <div className="flex flex-col items-start gap-4">
      <FormAlert message="This reset link is incomplete. Open the link from your email again, or ask for a new one." />
      <Button type="button" onClick={askForNewLink}>
        Ask for a new link
      </Button>
    </div>
  );
}
