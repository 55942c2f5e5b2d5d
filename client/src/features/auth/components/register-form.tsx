import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { type AuthUser, registerForm } from '#common/schemas/auth';
import { useRegister } from '../api.ts';
import { showServerError } from '../server-errors.ts';
import { SocialButtons } from './social-buttons.tsx';

const FIELDS = ['username', 'email', 'password'] as const;

/** SPEC §2 register form; the same form sits in the register modal and on /auth. */
export function RegisterForm({
  onSuccess,
  onSwitchToLogin,
  onLeave,
}: {
  onSuccess: (user: AuthUser) => void;
  onSwitchToLogin: () => void;
  /** Called when a link leaves for another page (the modal closes then). */
  onLeave?: () => void;
}) {
  const register = useRegister({ onSuccess });
  const form = useForm({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    register.mutate(body, {
      onError: (error) => showServerError(error, form.setError, FIELDS),
    });
  });

  const legalLink =
    'font-medium text-foreground underline underline-offset-4 hover:text-brand-strong dark:hover:text-brand';
  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <p className="text-xs text-muted-foreground">
          By creating an account you agree to our{' '}
          <Link to="/terms" className={legalLink} onClick={onLeave}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className={legalLink} onClick={onLeave}>
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" variant="brand" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <SocialButtons />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onSwitchToLogin}>
          Log in
        </Button>
      </p>
    </div>
  );
}
