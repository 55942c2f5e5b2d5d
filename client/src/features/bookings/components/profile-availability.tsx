import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { AvailabilityCalendar } from './availability-calendar.tsx';
import { BookCrew } from './book-crew.tsx';

/** The profile's Availability tab: two months of days, and the way to book or hold them. */
export function ProfileAvailability({
  crew,
  isOwner,
}: {
  crew: { id: number; name: string; roles: { id: number; name: string }[] };
  isOwner: boolean;
}) {
  return (
    <section aria-labelledby="availability-heading" className="flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="availability-heading" className="text-lg font-semibold">
            Availability
          </h2>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">
            {isOwner
              ? 'What productions see of your days. Who booked or held them is never shown.'
              : `When ${crew.name} is booked, on hold or unavailable. Who booked them is never shown.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isOwner ? (
            <Link to="/account#calendar" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Mark days off
            </Link>
          ) : (
            <BookCrew crew={crew} />
          )}
        </div>
      </div>
      <AvailabilityCalendar userId={crew.id} />
    </section>
  );
}
