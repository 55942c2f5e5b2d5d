import { useQuery } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import {
  ACCESS_TOKEN_EXPIRY_CHOICES,
  ACCESS_TOKEN_NAME_MAX,
  ACCESS_TOKENS_MAX,
  type AccessToken,
  type CreatedAccessToken,
} from '#common/schemas/access-tokens';
import { accessTokensQuery, useCreateAccessToken, useRevokeAccessToken } from '../access-tokens-api.ts';
import { errorText } from '../api.ts';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dayAndTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

const expiryLabel = (days: number | null) =>
  days === null ? 'No expiry' : days === 366 ? '1 year' : `${days} days`;

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          <span className="break-words">{token.name}</span>
          <Badge>{token.scopes.includes('write') ? 'Read and write' : 'Read'}</Badge>
          {expired ? (
            <Badge className="bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200">Expired</Badge>
          ) : null}
        </p>
        <p className="mt-1 font-mono text-xs text-muted-foreground">{token.hint}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Created {day.format(new Date(token.createdAt))} ·{' '}
          {token.lastUsedAt ? `Last used ${dayAndTime.format(new Date(token.lastUsedAt))}` : 'Never used'} ·{' '}
          {token.expiresAt
            ? `${expired ? 'Expired' : 'Expires'} ${day.format(new Date(token.expiresAt))}`
            : 'No expiry'}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start"
        onClick={onRevoke}
        aria-label={`Revoke ${token.name}`}
      >
        Revoke
      </Button>
    </li>
  );
}

/** The new token, shown this once, with a Copy button. */
function NewToken({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      // A browser that refuses the clipboard: the token is selectable text.
      setCopied(false);
    }
  }
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950/40"
    >
      <p className="font-medium">Your new token “{created.name}”</p>
      <p>Copy it now: you will not be able to see it again. Keep it secret, like a password.</p>
      <code className="block select-all break-all rounded-md border border-border bg-background p-2 font-mono text-xs">
        {created.token}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={() => void copy()}>
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function CreateTokenForm({
  full,
  onCreated,
}: {
  full: boolean;
  onCreated: (created: CreatedAccessToken) => void;
}) {
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  const [expiry, setExpiry] = useState<string>('90');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    create.mutate(
      {
        name,
        scopes: write ? ['read', 'write'] : ['read'],
        ...(expiry === 'never' ? {} : { expiresInDays: Number(expiry) }),
      },
      {
        onSuccess: onCreated,
        onError: (failure) =>
          setError(errorText(failure, 'The token could not be created. Please try again.')),
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Create an access token">
      <TextField
        label="Token name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={ACCESS_TOKEN_NAME_MAX}
        placeholder="e.g. Production scheduler"
        required
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Access</legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="token-scope"
            checked={!write}
            onChange={() => setWrite(false)}
            className="mt-1"
          />
          <span>
            <span className="font-medium">Read</span>
            <span className="block text-muted-foreground">Profiles, search, your bookings and messages.</span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="token-scope"
            checked={write}
            onChange={() => setWrite(true)}
            className="mt-1"
          />
          <span>
            <span className="font-medium">Read and write</span>
            <span className="block text-muted-foreground">
              Also edit your profile and days off, answer bookings and send messages.
            </span>
          </span>
        </label>
      </fieldset>
      <div className="flex flex-col gap-2">
        <label htmlFor="token-expiry" className="text-sm font-medium">
          Expires after
        </label>
        <select
          id="token-expiry"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          className="h-10 rounded-lg border border-border bg-background px-3 text-sm"
        >
          {ACCESS_TOKEN_EXPIRY_CHOICES.map((days) => (
            <option key={days ?? 'never'} value={days ?? 'never'}>
              {expiryLabel(days)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={create.isPending || full}>
        <KeyRound aria-hidden="true" className="size-4" />
        {create.isPending ? 'Creating...' : 'Create token'}
      </Button>
      {full ? (
        <p className="text-sm text-muted-foreground">
          You have {ACCESS_TOKENS_MAX} tokens, the most you can hold: revoke one to create another.
        </p>
      ) : null}
    </form>
  );
}

/**
 * "API tokens" on /account (issue 37, ADR 032): personal access tokens for the member's own
 * scripts and tools. A token is shown once, when made; revoking it stops it at once.
 */
export function AccessTokensSection() {
  const tokens = useQuery(accessTokensQuery);
  const revoke = useRevokeAccessToken();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);

  if (tokens.isPending) return <Skeleton aria-busy="true" className="h-24" />;
  if (tokens.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(tokens.error, 'Your tokens could not be loaded.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void tokens.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const list = tokens.data.tokens;
  return (
    <div className="flex flex-col gap-6">
      {created ? <NewToken created={created} onDone={() => setCreated(null)} /> : null}
      {list.length > 0 ? (
        <ul aria-label="Access tokens" className="divide-y divide-border rounded-lg border border-border">
          {list.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">You have no access tokens.</p>
      )}
      {/* A fresh, empty form after each token made. */}
      <CreateTokenForm
        key={created?.id ?? 'new'}
        full={list.length >= ACCESS_TOKENS_MAX}
        onCreated={setCreated}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this token?"
        description={`Anything using “${revoking?.name ?? ''}” stops working at once. This cannot be undone.`}
        confirmLabel="Revoke token"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        destructive
        onConfirm={() => {
          if (!revoking) return;
          const id = revoking.id;
          revoke.mutate(id, {
            onSettled: () => setRevoking(null),
            onSuccess: () => setCreated((shown) => (shown?.id === id ? null : shown)),
          });
        }}
      />
    </div>
  );
}
