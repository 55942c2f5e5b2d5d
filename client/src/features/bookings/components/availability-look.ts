import type { Availability } from '#common/schemas/bookings';

type DayStatus = Availability['days'][number]['status'];

/** How each day's state looks wherever a calendar is drawn, and what it is called. */
export const AVAILABILITY_LOOK: Record<DayStatus, { cell: string; label: string }> = {
  free: { cell: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200', label: 'Free' },
  busy: { cell: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200', label: 'Booked' },
  hold: { cell: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200', label: 'On hold' },
  unavailable: {
    cell: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
    label: 'Unavailable',
  },
};
