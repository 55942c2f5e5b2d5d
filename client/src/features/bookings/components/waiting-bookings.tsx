import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { personName } from '#common/people';
import type { Booking } from '#common/schemas/bookings';
import { bookingAmounts, bookingLabel } from '../api.ts';

/**
 * Bookings that wait for the viewer (issue 31, the dashboard's first section): requests and hold
 * requests made of them as crew ("Answer"), and holds their crew agreed to that they may confirm
 * as the production ("Confirm"). Each says who, which days and how much, and opens the booking.
 */
export function WaitingBookings({
  label,
  bookings,
  as,
}: {
  label: string;
  bookings: Booking[];
  as: 'crew' | 'requester';
}) {
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-xl border border-border bg-card">
      {bookings.map((b) => (
        <li key={b.id}>
          <Link
            to={`/bookings/${b.id}`}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 hover:bg-muted"
          >
            {/* The text keeps 14rem: on a phone the badge and "Answer" go below it, not beside a narrow column. */}
            <span className="min-w-0 flex-1 basis-56">
              <span className="block font-medium">
                {b.role.name} · {as === 'crew' ? `for ${personName(b.requester)}` : personName(b.crew)}
                {b.team ? ` · ${b.team.name}` : ''}
              </span>
              <span className="block text-sm text-muted-foreground">
                {b.startDate === b.endDate ? b.startDate : `${b.startDate} to ${b.endDate}`}
              </span>
              <span className="block text-sm font-semibold tabular-nums">{bookingAmounts(b)}</span>
            </span>
            <span className="flex items-center gap-3">
              <Badge>{bookingLabel(b)}</Badge>
              <span className="inline-flex items-center gap-1 text-sm font-semibold text-brand-strong dark:text-brand">
                {as === 'crew' ? 'Answer' : 'Confirm'}
                <ArrowRight aria-hidden="true" className="size-4" />
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
