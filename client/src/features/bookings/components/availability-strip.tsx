import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/cn.ts';
import { addDays, availabilityQuery, isoDay } from '../api.ts';
import { AVAILABILITY_LOOK as LOOK } from './availability-look.ts';

/** The next five weeks of a crew member's days: free, booked, on hold or unavailable (never who). */
export function AvailabilityStrip({ userId, days = 35 }: { userId: number; days?: number }) {
  const from = isoDay(new Date());
  const to = addDays(from, days - 1);
  const availability = useQuery(availabilityQuery(userId, from, to));
  if (availability.isPending) return <Skeleton aria-busy="true" className="h-24" />;
  if (availability.isError)
    return <p className="text-sm text-muted-foreground">Availability could not be loaded.</p>;
  return (
    <div className="flex flex-col gap-2">
      <ol aria-label="Availability, next five weeks" className="grid grid-cols-7 gap-1">
        {availability.data.days.map((day) => {
          const look = LOOK[day.status];
          const date = new Date(`${day.date}T00:00:00Z`);
          return (
            <li
              key={day.date}
              title={`${day.date}: ${look.label}`}
              data-status={day.status}
              className={cn('flex h-9 flex-col items-center justify-center rounded text-xs', look.cell)}
            >
              <span className="sr-only">{`${day.date}: ${look.label}`}</span>
              <span aria-hidden="true" className="font-semibold">
                {date.getUTCDate()}
              </span>
            </li>
          );
        })}
      </ol>
      <AvailabilityKey />
    </div>
  );
}

export function AvailabilityKey() {
  return (
    <ul className="flex flex-wrap gap-3 text-xs text-muted-foreground" aria-label="Key">
      {Object.values(LOOK).map((look) => (
        <li key={look.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('size-3 rounded-sm', look.cell)} />
          {look.label}
        </li>
      ))}
    </ul>
  );
}
