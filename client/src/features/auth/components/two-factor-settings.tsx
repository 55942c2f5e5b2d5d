import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import type { AuthUser } from '#common/schemas/auth';
import { errorText, useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from '../api.ts';

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
  const [code, setCode] = useState('');
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
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        enable.mutate({ code }, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) });
      }}
    >
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
      <p className="text-sm">2. Enter the 6-digit code the app shows.</p>
      <FormAlert message={enable.error ? errorText(enable.error, 'That code did not work.') : undefined} />
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" className="self-start" disabled={enable.isPending || code.trim().length === 0}>
        {enable.isPending ? 'Verifying...' : 'Turn on two-factor sign-in'}
      </Button>
    </form>
  );
}

function Disable() {
  const disable = useTwoFactorDisable();
  const [value, setValue] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const compact = value.replace(/\s+/g, '');
    disable.mutate(/^\d{6}$/.test(compact) ? { code: compact } : { recoveryCode: value });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm">
        <Badge className="border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200">
          On
        </Badge>
        Signing in asks for a code from your authenticator app.
      </p>
      <FormAlert message={disable.error ? errorText(disable.error, 'That code did not work.') : undefined} />
      <TextField
        label="Code or recovery code to turn it off"
        autoComplete="one-time-code"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button
        type="submit"
        variant="outline"
        className="self-start"
        disabled={disable.isPending || value.trim().length === 0}
      >
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
