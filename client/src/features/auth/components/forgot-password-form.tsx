import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { passwordResetRequest } from '#common/schemas/auth';
import { useRequestPasswordReset } from '../api.ts';
import { showServerError } from '../server-errors.ts';

/** Asks for a reset link; the server answers the same whether or not the address has an account. */
export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const requestReset = useRequestPasswordReset();
  const form = useForm({ resolver: zodResolver(passwordResetRequest), defaultValues: { email: '' } });
  const { errors } = form.formState;

  if (requestReset.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <p role="status">{requestReset.data.message}</p>
        <Button type="button" variant="outline" className="w-full" onClick={onBackToLogin}>
          Back to log in
        </Button>
      </div>
    );
  }

  const submit = form.handleSubmit((values) => {
    requestReset.mutate(values, { onError: (error) => showServerError(error, form.setError, ['email']) });
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" className="mt-2 w-full" disabled={requestReset.isPending}>
        {requestReset.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onBackToLogin}>
          Back to log in
        </Button>
      </p>
    </form>
  );
}
