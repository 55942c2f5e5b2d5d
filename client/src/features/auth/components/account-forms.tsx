import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { isPlaceholderEmail, isReleasedEmail } from '#common/placeholder-email';
import { type AuthUser, changeEmailRequest, changePasswordRequest } from '#common/schemas/auth';
import { useChangeEmail, useChangePassword, useResendVerification } from '../api.ts';
import { showServerError } from '../server-errors.ts';
import { CurrentPasswordField } from './credential-fields.tsx';

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
      <CurrentPasswordField error={errors.currentPassword?.message} {...form.register('currentPassword')} />
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
      <EmailStatus user={user} />
      {changeEmail.data ? (
        <p role="status" className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">
          We sent a link to <span className="font-medium">{changeEmail.data.pendingEmail}</span>. Your email
          changes when you open it.
        </p>
      ) : null}
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <CurrentPasswordField error={errors.currentPassword?.message} {...form.register('currentPassword')} />
      <Button type="submit" className="self-start" disabled={changeEmail.isPending}>
        {changeEmail.isPending ? 'Saving...' : 'Change email'}
      </Button>
    </form>
  );
}

/** The address and whether it is confirmed; an unconfirmed one can ask for its link again. */
function EmailStatus({ user }: { user: AuthUser }) {
  const resend = useResendVerification();
  if (isPlaceholderEmail(user.email)) {
    return (
      <p className="text-sm text-muted-foreground">
        {isReleasedEmail(user.email)
          ? 'Your account has no email address: the one it had was never confirmed, and someone else proved it is theirs. Add your own below.'
          : 'Your account has no email address yet.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>
          Your email is <span className="font-medium text-foreground">{user.email}</span>.
        </span>
        {user.emailVerified ? (
          <Badge className="border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            Confirmed
          </Badge>
        ) : (
          <Badge>Not confirmed</Badge>
        )}
      </p>
      {user.emailVerified ? null : (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isSuccess ? 'Link sent' : 'Resend the confirmation link'}
        </Button>
      )}
    </div>
  );
}
