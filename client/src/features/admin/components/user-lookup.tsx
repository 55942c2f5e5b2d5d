import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import type { StaffUser } from '#common/schemas/admin';
import { formatWhen, userLookupQuery } from '../api.ts';
import { useGuardedStaffAction } from './reauth-dialog.tsx';

/** Find an account by name, address or id; `actions` renders what staff may do with each. */
export function UserLookup({
  actions,
  label = 'Find a member',
}: {
  actions: (user: StaffUser) => ReactNode;
  label?: string;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const { data, isFetching } = useQuery(userLookupQuery(query));
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text.trim());
        }}
      >
        <Input
          aria-label={label}
          placeholder="Username, email or id"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={text.trim().length === 0}>
          <Search aria-hidden="true" className="size-4" /> Search
        </Button>
      </form>
      {query && !isFetching && data?.users.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody matches “{query}”.</p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {data?.users.map((user) => (
          <li key={user.id} className="flex flex-col gap-3 rounded-xl border border-border p-4">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={`/profile/${user.id}`} className="font-medium hover:underline">
                {user.displayName ?? user.username}
              </Link>
              <span className="text-sm text-muted-foreground">
                @{user.username} · #{user.id}
              </span>
              {user.role !== 'user' ? <Badge>{user.role}</Badge> : null}
              {user.suspendedAt ? (
                <Badge className="border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
                  Suspended
                </Badge>
              ) : null}
              {user.featuredAt ? <Badge>Featured</Badge> : null}
              {user.twoFactorEnabled ? <Badge>2FA on</Badge> : null}
            </div>
            <p className="text-xs text-muted-foreground">
              {user.email} · joined {formatWhen(user.createdAt)}
            </p>
            {actions(user)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Suspend or restore (with a reason, re-authenticated), feature or unfeature. */
export function ModerationActions({ user }: { user: StaffUser }) {
  const [reason, setReason] = useState('');
  const guarded = useGuardedStaffAction();
  const suspended = user.suspendedAt !== null;
  const reasonId = `user-${user.id}-reason`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={reasonId} className="text-sm font-medium">
          Reason
        </label>
        <Input
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Why, for the audit trail"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={suspended ? 'outline' : 'primary'}
          disabled={guarded.pending || reason.trim().length < 3}
          onClick={() =>
            guarded.run(
              {
                method: 'POST',
                path: `/api/admin/users/${user.id}/${suspended ? 'restore' : 'suspend'}`,
                body: { reason },
                done: suspended ? 'Account restored' : 'Account suspended',
              },
              () => setReason(''),
            )
          }
        >
          {suspended ? 'Restore account' : 'Suspend account'}
        </Button>
        <Button
          variant="outline"
          disabled={guarded.pending || (suspended && !user.featuredAt)}
          onClick={() =>
            guarded.run({
              method: user.featuredAt ? 'DELETE' : 'POST',
              path: `/api/admin/users/${user.id}/feature`,
              done: user.featuredAt ? 'No longer featured' : 'Profile featured',
            })
          }
        >
          {user.featuredAt ? 'Unfeature' : 'Feature profile'}
        </Button>
      </div>
      {guarded.dialog}
    </div>
  );
}
