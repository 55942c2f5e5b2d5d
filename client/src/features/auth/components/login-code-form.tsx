import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import type { AuthUser } from '#common/schemas/auth';
import { errorText, useLoginCode } from '../api.ts';

/** The second step of signing in to an account with two-factor sign-in on. */
export function LoginCodeForm({
  onSuccess,
  onBack,
}: {
  onSuccess?: ((user: AuthUser) => void) | undefined;
  onBack: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const loginCode = useLoginCode({ onSuccess });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    loginCode.mutate(recovery ? { recoveryCode: value } : { code: value });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code for CrewBase.'}
      </p>
      <FormAlert
        message={loginCode.error ? errorText(loginCode.error, 'That code did not work.') : undefined}
      />
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        spellCheck={false}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" className="w-full" disabled={loginCode.isPending || value.trim().length === 0}>
        {loginCode.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex justify-between text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={onBack}>
          Back
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => {
            setRecovery((r) => !r);
            setValue('');
          }}
        >
          {recovery ? 'Use an authenticator code' : 'Use a recovery code'}
        </Button>
      </div>
    </form>
  );
}
