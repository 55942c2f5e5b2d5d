import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { SECURITY_EVENT_TYPES } from '#common/schemas/admin';
import { formatWhen, humanize, securityEventsQuery } from '../api.ts';
import { StaffTable } from './staff-table.tsx';

export function SecurityEvents() {
  const [type, setType] = useState('');
  const [userText, setUserText] = useState('');
  const [user, setUser] = useState('');
  const [cursors, setCursors] = useState<number[]>([]);
  const cursor = cursors.at(-1);
  const { data, isPending } = useQuery(securityEventsQuery({ type, user, cursor }));
  const reset = () => setCursors([]);
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setUser(userText.trim());
          reset();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="event-type" className="text-sm font-medium">
            Type
          </label>
          <select
            id="event-type"
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              reset();
            }}
            className="h-10 rounded-lg border border-border bg-background px-3 text-sm"
          >
            <option value="">All events</option>
            {SECURITY_EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {humanize(t)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="event-user" className="text-sm font-medium">
            User
          </label>
          <Input
            id="event-user"
            placeholder="Username or id"
            value={userText}
            onChange={(e) => setUserText(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>
      {isPending ? (
        <Skeleton className="h-40" />
      ) : !data || data.events.length === 0 ? (
        <p className="py-4 text-sm text-muted-foreground">No events match.</p>
      ) : (
        <StaffTable columns={['When', 'Event', 'User', 'Address', 'Browser']} className="min-w-[40rem]">
          {data.events.map((e) => (
            <tr key={e.id}>
              <td className="whitespace-nowrap py-2 pr-3 text-muted-foreground">{formatWhen(e.createdAt)}</td>
              <td className="py-2 pr-3">{humanize(e.type)}</td>
              <td className="py-2 pr-3">{e.user?.username ?? e.subject ?? '—'}</td>
              <td className="py-2 pr-3 font-mono text-xs">{e.ip ?? '—'}</td>
              <td className="max-w-56 truncate py-2 text-muted-foreground" title={e.userAgent ?? undefined}>
                {e.userAgent ?? '—'}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={cursors.length === 0}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!data?.nextCursor}
          onClick={() => data?.nextCursor && setCursors((c) => [...c, data.nextCursor as number])}
        >
          Older
        </Button>
      </div>
    </div>
  );
}
