import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import type { RestoreOfferResponse } from '#common/schemas/account-deletion';
import { type AuthUser, loginRequest } from '#common/schemas/auth';
import { needsSecondFactor, offersRestore, useLogin } from '../api.ts';
import { showServerError } from '../server-errors.ts';
import { LoginCodeForm } from './login-code-form.tsx';
import { RestoreAccountOffer } from './restore-account-offer.tsx';
import { SocialButtons } from './social-buttons.tsx';

const FIELDS = ['username', 'password'] as const;

/** SPEC §2 login form; the same form sits in the login modal and on /auth. */
export function LoginForm({
  onSuccess,
  onSwitchToRegister,
  onForgotPassword,
}: {
  /** Omitted on /auth, which moves on by itself once the user is known. */
  onSuccess?: (user: AuthUser) => void;
  onSwitchToRegister: () => void;
  onForgotPassword: () => void;
}) {
  const login = useLogin({ onSuccess });
  const [codeStep, setCodeStep] = useState(false);
  const [restoreOffer, setRestoreOffer] = useState<RestoreOfferResponse | null>(null);
  const rememberMeId = useId();
  const form = useForm({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (answer) => {
        setCodeStep(needsSecondFactor(answer));
        setRestoreOffer(offersRestore(answer) ? answer : null);
      },
      onError: (error) => showServerError(error, form.setError, FIELDS),
    });
  });

  if (restoreOffer) {
    return (
      <RestoreAccountOffer offer={restoreOffer} onSuccess={onSuccess} onBack={() => setRestoreOffer(null)} />
    );
  }
  if (codeStep) return <LoginCodeForm onSuccess={onSuccess} onBack={() => setCodeStep(false)} />;

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label="Username or email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <button
              type="button"
              onClick={onForgotPassword}
              className="rounded text-sm font-medium text-brand-strong underline-offset-4 hover:underline dark:text-brand"
            >
              Forgot your password?
            </button>
          }
          {...form.register('password')}
        />
        <div className="flex items-center gap-2.5">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id={rememberMeId}
                name={field.name}
                ref={field.ref}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Label htmlFor={rememberMeId} className="font-normal">
            Stay logged in for 30 days
          </Label>
        </div>
        <Button type="submit" className="mt-2 w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Log In'}
        </Button>
      </form>
      <SocialButtons />
      <p className="text-center text-sm text-muted-foreground">
        Don't have an account?{' '}
        <Button type="button" variant="link" className="h-auto p-0" onClick={onSwitchToRegister}>
          Sign up
        </Button>
      </p>
    </div>
  );
}
