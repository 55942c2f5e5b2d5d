import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import type { StaffUser } from '#common/schemas/admin';
import { USER_ROLES } from '#common/schemas/auth';
import { formatWhen, sessionsQuery } from '../api.ts';
import { useGuardedStaffAction } from './reauth-dialog.tsx';

function SessionList({ userId }: { userId: number }) {
  const { data } = useQuery(sessionsQuery(userId));
  const guarded = useGuardedStaffAction();
  if (!data) return null;
  if (data.sessions.length === 0) return <p className="text-sm text-muted-foreground">No active sessions.</p>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
      {data.sessions.map((s) => (
        <li
          key={s.id}
          className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="truncate" title={s.userAgent ?? undefined}>
              {s.userAgent ?? 'Unknown browser'} {s.current ? <strong>(this session)</strong> : null}
            </p>
            <p className="text-xs text-muted-foreground">
              {s.ip ?? 'unknown address'} · signed in {formatWhen(s.createdAt)} · last seen{' '}
              {formatWhen(s.lastUsedAt)}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={guarded.pending}
            onClick={() =>
              guarded.run({ method: 'DELETE', path: `/api/admin/sessions/${s.id}`, done: 'Session revoked' })
            }
          >
            Revoke
          </Button>
        </li>
      ))}
      {guarded.dialog}
    </ul>
  );
}

function RoleControl({ user }: { user: StaffUser }) {
  const [role, setRole] = useState(user.role);
  const guarded = useGuardedStaffAction();
  const id = `role-${user.id}`;
  return (
    <div className="flex items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Role
        </label>
        <select
          id={id}
          value={role}
          onChange={(e) => setRole(e.target.value as StaffUser['role'])}
          className="h-9 rounded-lg border border-border bg-background px-3 text-sm"
        >
          {USER_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={guarded.pending || role === user.role}
        onClick={() =>
          guarded.run({
            method: 'POST',
            path: `/api/admin/users/${user.id}/role`,
            body: { role },
            done: 'Role changed',
          })
        }
      >
        Change role
      </Button>
      {guarded.dialog}
    </div>
  );
}

/** A member's sessions with revoke, and their access role: the admin-only part of a lookup. */
export function AdminUserActions({ user }: { user: StaffUser }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <RoleControl user={user} />
        <Button variant="outline" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide sessions' : 'Show sessions'}
        </Button>
      </div>
      {open ? <SessionList userId={user.id} /> : null}
    </div>
  );
}
