import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { type AuthUser, changeEmailRequest, changePasswordRequest } from '#common/schemas/auth';
import { useChangeEmail, useChangePassword } from '../api.ts';
import { showServerError } from '../server-errors.ts';

/** The request's rules plus a second entry of the new password, checked here only. */
const changePasswordForm = changePasswordRequest
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    changePassword.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (error) => showServerError(error, form.setError, ['currentPassword', 'newPassword']),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="self-start" disabled={changePassword.isPending}>
        {changePassword.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}

export function ChangeEmailForm({ user }: { user: AuthUser }) {
  const changeEmail = useChangeEmail();
  const form = useForm({
    resolver: zodResolver(changeEmailRequest),
    defaultValues: { email: '', currentPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => {
    changeEmail.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (error) => showServerError(error, form.setError, ['email', 'currentPassword']),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Your email is <span className="font-medium text-foreground">{user.email}</span>.
      </p>
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <Button type="submit" className="self-start" disabled={changeEmail.isPending}>
        {changeEmail.isPending ? 'Saving...' : 'Change email'}
      </Button>
    </form>
  );
}
