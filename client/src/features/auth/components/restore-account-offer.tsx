import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { ApiError } from '#client/lib/http.ts';
import type { RestoreOfferResponse } from '#common/schemas/account-deletion';
import type { AuthUser } from '#common/schemas/auth';
import { errorText } from '../api.ts';
import { useRestoreAccount } from '../deletion-api.ts';
import { AuthCodeField } from './credential-fields.tsx';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * What the sign-in form shows for the right password of an account scheduled for deletion (issue
 * 33, ADR 026): when it will be erased, and "Restore my account", with a code when the account uses
 * two-factor sign-in.
 */
export function RestoreAccountOffer({
  offer,
  onSuccess,
  onBack,
}: {
  offer: RestoreOfferResponse;
  onSuccess?: ((user: AuthUser) => void) | undefined;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const restore = useRestoreAccount({ onSuccess });
  const fieldError = restore.error instanceof ApiError ? restore.error.fields?.code : undefined;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    restore.mutate(
      offer.codeRequired ? { restoreToken: offer.restoreToken, code } : { restoreToken: offer.restoreToken },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="restore-account-title"
    >
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
        <h3 id="restore-account-title" className="font-semibold">
          This account is scheduled for deletion
        </h3>
        <p className="mt-1">
          Its profile is hidden and it will be erased on {longDate(offer.eraseAfter)}. Restore it to sign in
          and show your profile again.
        </p>
      </div>
      <FormAlert
        message={
          restore.error && !fieldError
            ? errorText(restore.error, 'Could not restore the account.')
            : undefined
        }
      />
      {offer.codeRequired ? (
        <AuthCodeField
          autoFocus
          value={code}
          error={fieldError}
          onChange={(event) => setCode(event.target.value)}
        />
      ) : null}
      <Button
        type="submit"
        className="w-full"
        disabled={restore.isPending || (offer.codeRequired && code.trim().length === 0)}
      >
        {restore.isPending ? 'Restoring...' : 'Restore my account'}
      </Button>
      <Button type="button" variant="link" className="h-auto self-start p-0" onClick={onBack}>
        Back
      </Button>
    </form>
  );
}
