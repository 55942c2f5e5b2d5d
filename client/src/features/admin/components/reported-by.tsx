import { formatWhen } from '../api.ts';

interface Reporter {
  id: number;
  displayName: string | null;
  username: string;
  reportedAt: string;
  reason: string;
}

/** A member as the queues name them. */
export const nameOf = (p: { displayName: string | null; username: string }) => p.displayName ?? p.username;

/** Who reported a review or a call, when and why: the same list in both queues. */
export function ReportedBy({ reporters }: { reporters: Reporter[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">
        Reported by {reporters.length} {reporters.length === 1 ? 'member' : 'members'}
      </h3>
      <ul className="mt-1 flex flex-col gap-1 text-sm">
        {reporters.map((r) => (
          <li key={r.id}>
            <span className="font-medium">{nameOf(r)}</span>
            <span className="text-muted-foreground"> · {formatWhen(r.reportedAt)}: </span>
            {r.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How staff settled a report, and when. */
export function ReportResolution({
  resolution,
  resolvedAt,
}: {
  resolution: string | null;
  resolvedAt: string;
}) {
  return (
    <p className="text-sm text-muted-foreground">
      {resolution === 'hide' ? 'Hidden' : 'Dismissed'} {formatWhen(resolvedAt)}
    </p>
  );
}
