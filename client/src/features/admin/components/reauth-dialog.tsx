import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { errorText, useViewer } from '#client/features/auth/api.ts';
import { AuthCodeField } from '#client/features/auth/components/credential-fields.tsx';
import { reauthProof } from '#common/policies/staff';
import { needsReauth, type StaffCall, useReauthenticate, useStaffAction } from '../api.ts';

/**
 * Runs staff actions; when the server asks for a fresh password or code (suspensions, role
 * changes, others' sessions), asks for it in a dialog and then runs the action again.
 */
export function useGuardedStaffAction() {
  const action = useStaffAction();
  const [waiting, setWaiting] = useState<StaffCall | null>(null);
  const run = (call: StaffCall, onDone?: () => void) =>
    action.mutate(call, {
      onSuccess: () => onDone?.(),
      onError: (error) => {
        if (needsReauth(error)) setWaiting(call);
      },
    });
  const dialog = (
    <ReauthDialog
      open={waiting !== null}
      onOpenChange={(open) => !open && setWaiting(null)}
      onConfirmed={() => {
        if (waiting) run(waiting);
        setWaiting(null);
      }}
    />
  );
  return { run, pending: action.isPending, dialog };
}

function ReauthDialog({
  open,
  onOpenChange,
  onConfirmed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirmed: () => void;
}) {
  const reauth = useReauthenticate();
  const viewer = useViewer();
  // Staff sign in with two-factor: then a code, never the password alone, is what proves it is them.
  const proof = reauthProof({ twoFactorEnabled: viewer?.twoFactorEnabled ?? false });
  const [value, setValue] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = proof === 'code' ? { code: value } : { password: value };
    reauth.mutate(body, {
      onSuccess: () => {
        setValue('');
        onConfirmed();
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm it's you"
      description={
        proof === 'code'
          ? 'This action needs a code from your authenticator app (it stays confirmed for 10 minutes).'
          : 'This action needs your password (it stays confirmed for 10 minutes).'
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert
          message={reauth.error ? errorText(reauth.error, 'That did not work. Try again.') : undefined}
        />
        {proof === 'code' ? (
          <AuthCodeField value={value} onChange={(event) => setValue(event.target.value)} />
        ) : (
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={reauth.isPending || value.length === 0}>
            {reauth.isPending ? 'Checking...' : 'Confirm'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
