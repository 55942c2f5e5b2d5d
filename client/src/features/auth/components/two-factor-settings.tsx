import { zodResolver } from '@hookform/resolvers/zod';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { TWO_FACTOR_MESSAGES, twoFactorEnableRequest } from '#common/schemas/admin';
import type { AuthUser } from '#common/schemas/auth';
import { errorText, useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from '../api.ts';
import { showServerError } from '../server-errors.ts';
import { AuthCodeField, CurrentPasswordField } from './credential-fields.tsx';

/** Turning it off takes one field for a code or a recovery code, which the request splits. */
const disableForm = z.object({
  factor: z.string().trim().min(1, TWO_FACTOR_MESSAGES.codeOrRecovery),
  password: twoFactorEnableRequest.shape.password,
});

/** Why both forms ask for the password again (a stolen cookie alone must not change the second factor). */
const CURRENT_PASSWORD_HINT = 'Needed to turn two-factor sign-in on or off.';

function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { margin: 1, width: 192 }).then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [url]);
  return src ? (
    <img
      src={src}
      width={192}
      height={192}
      alt="QR code to scan with your authenticator app"
      className="rounded-lg border border-border bg-white p-2"
    />
  ) : (
    <div className="size-48 rounded-lg bg-muted" />
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `CrewBase recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied to clipboard', description: 'Recovery codes copied.' });
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'crewbase-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Save these recovery codes somewhere safe. If you lose your phone, each one signs you in once. They
        will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I've saved them
        </Button>
      </div>
    </div>
  );
}

function Enrol({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const form = useForm({
    resolver: zodResolver(twoFactorEnableRequest),
    defaultValues: { code: '', password: '' },
  });
  const { errors } = form.formState;
  if (!setup.data) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          Sign in with your password and a code from an authenticator app (Google Authenticator, 1Password,
          Authy…). Required for staff accounts.
        </p>
        <FormAlert message={setup.error ? errorText(setup.error, 'Could not start the setup.') : undefined} />
        <Button
          type="button"
          className="self-start"
          onClick={() => setup.mutate()}
          disabled={setup.isPending}
        >
          {setup.isPending ? 'Preparing...' : 'Set up two-factor sign-in'}
        </Button>
      </div>
    );
  }
  const submit = form.handleSubmit((body) => {
    enable.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => showServerError(error, form.setError, ['code', 'password']),
    });
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <p className="text-sm">1. Scan this QR code with your authenticator app.</p>
      <QrCode url={setup.data.otpauthUrl} />
      <p className="text-sm text-muted-foreground">
        Can't scan it? Enter this key instead:{' '}
        <code
          data-testid="totp-secret"
          className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
        >
          {setup.data.secret}
        </code>
      </p>
      <p className="text-sm">2. Enter the 6-digit code the app shows, and your current password.</p>
      <FormAlert message={errors.root?.server?.message} />
      <AuthCodeField error={errors.code?.message} {...form.register('code')} />
      <CurrentPasswordField
        hint={CURRENT_PASSWORD_HINT}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" className="self-start" disabled={enable.isPending}>
        {enable.isPending ? 'Verifying...' : 'Turn on two-factor sign-in'}
      </Button>
    </form>
  );
}

function Disable() {
  const disable = useTwoFactorDisable();
  const form = useForm({ resolver: zodResolver(disableForm), defaultValues: { factor: '', password: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ factor, password }) => {
    const compact = factor.replace(/\s+/g, '');
    const proof = /^\d{6}$/.test(compact) ? { code: compact } : { recoveryCode: factor };
    disable.mutate(
      { ...proof, password },
      {
        onSuccess: () => form.reset(),
        onError: (error) => showServerError(error, form.setError, ['password']),
      },
    );
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm">
        <Badge className="border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200">
          On
        </Badge>
        Signing in asks for a code from your authenticator app.
      </p>
      <FormAlert message={errors.root?.server?.message} />
      <TextField
        label="Code or recovery code to turn it off"
        autoComplete="one-time-code"
        error={errors.factor?.message}
        {...form.register('factor')}
      />
      <CurrentPasswordField
        hint={CURRENT_PASSWORD_HINT}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" variant="outline" className="self-start" disabled={disable.isPending}>
        {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
      </Button>
    </form>
  );
}

/** Two-factor sign-in on /account: enrol with a QR code and recovery codes, or turn it off. */
export function TwoFactorSettings({ user }: { user: AuthUser }) {
  // Kept here: enabling refetches the user, which swaps the form for the "on" state below.
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  return user.twoFactorEnabled ? <Disable /> : <Enrol onEnabled={setCodes} />;
}
