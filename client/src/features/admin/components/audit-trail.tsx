import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { auditQuery, formatWhen, humanize } from '../api.ts';
import { StaffTable } from './staff-table.tsx';

/** The last 50 staff actions, newest first; read-only by design. */
export function AuditTrail() {
  const { data, isPending } = useQuery(auditQuery);
  if (isPending) return <Skeleton className="h-32" />;
  if (!data || data.entries.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">No staff actions yet.</p>;
  }
  return (
    <StaffTable columns={['When', 'Who', 'What', 'Target', 'Reason']} className="min-w-[36rem]">
      {data.entries.map((entry) => (
        <tr key={entry.id}>
          <td className="whitespace-nowrap py-2 pr-3 text-muted-foreground">{formatWhen(entry.createdAt)}</td>
          <td className="py-2 pr-3">{entry.actor.username}</td>
          <td className="py-2 pr-3">{humanize(entry.action)}</td>
          <td className="whitespace-nowrap py-2 pr-3">
            {humanize(entry.targetType)} #{entry.targetId}
          </td>
          <td className="py-2">{entry.reason}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
