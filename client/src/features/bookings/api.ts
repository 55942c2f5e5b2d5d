import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/http.ts';
import type { BookingSide } from '#common/booking-lists';
import { formatMoney } from '#common/premium';
import type {
  Availability,
  Booking,
  BookingFilter,
  BookingListResponse,
  CreateBookingRequest,
  PayBookingResponse,
} from '#common/schemas/bookings';

/** One page of one side's list (optionally one filter), newest first: the dashboard's short lists. */
export const bookingsQuery = (as: BookingSide, options: { filter?: BookingFilter; limit?: number } = {}) =>
  queryOptions<BookingListResponse>({ queryKey: ['/api/bookings', { as, ...options }] });

export const BOOKINGS_PAGE_SIZE = 20;
/** /bookings: one side, one filter or all, page after page, following the server's cursor. */
export const bookingPagesQuery = (as: BookingSide, filter: BookingFilter | null) => {
  const params = { as, limit: BOOKINGS_PAGE_SIZE, ...(filter ? { filter } : {}) };
  return infiniteQueryOptions({
    queryKey: ['/api/bookings', params, 'pages'],
    queryFn: ({ signal, pageParam }) =>
      apiGet<BookingListResponse>('/api/bookings', { ...params, cursor: pageParam }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};
/** Fetched again whenever the page opens: the other party may have answered since (issue 31). */
export const bookingQuery = (id: number) =>
  queryOptions<Booking>({ queryKey: [`/api/bookings/${id}`], staleTime: 0 });
export const availabilityQuery = (userId: number, from: string, to: string) =>
  queryOptions<Availability>({ queryKey: [`/api/users/${userId}/availability`, { from, to }] });

export const daysOffQuery = queryOptions<{ days: string[] }>({ queryKey: ['/api/me/unavailable-days'] });
export const calendarLinkQuery = queryOptions<{ active: boolean; createdAt: string | null }>({
  queryKey: ['/api/me/calendar-token'],
});

/**
 * A booking changes both parties' lists, the booking itself, the crew member's calendar and, from
 * a team, its crew sheet.
 */
function useBookingChange<TVariables, TResult>(request: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          /^\/api\/(bookings|teams\/|users\/\d+\/availability|me\/unavailable-days)/.test(
            String(query.queryKey[0]),
          ),
      }),
  });
}

export const useCreateBooking = () =>
  useBookingChange((body: CreateBookingRequest) => apiSend<Booking>('POST', '/api/bookings', { ...body }));
export type BookingAction = 'accept' | 'decline' | 'cancel' | 'release' | 'pay' | 'confirm';
export const useBookingAction = (id: number) =>
  useBookingChange((action: BookingAction) =>
    apiSend<Booking | PayBookingResponse>('POST', `/api/bookings/${id}/${action}`, {}),
  );
export const useSaveDaysOff = () =>
  useBookingChange((days: string[]) => apiSend<null>('PUT', '/api/me/unavailable-days', { days }));

/** Making a link rotates any old one; the new link is shown once, here. */
export function useCalendarLink() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarLinkQuery.queryKey });
  return {
    make: useMutation({
      mutationFn: () => apiSend<{ url: string }>('POST', '/api/me/calendar-token', {}),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: () => apiSend<null>('DELETE', '/api/me/calendar-token', {}),
      onSuccess: refresh,
    }),
  };
}

export const STATUS_LABEL: Record<Booking['status'], string> = {
  hold_first: '1st hold',
  hold_second: '2nd hold',
  requested: 'Requested',
  accepted: 'Booked',
  declined: 'Declined',
  cancelled: 'Cancelled',
  completed: 'Completed',
  expired: 'Lapsed',
};

/**
 * What a booking's badge says. A hold is a pencil (issue 30): only asked for until the crew member
 * agrees, then on hold at its rank until the production confirms it.
 */
export function bookingLabel(b: Pick<Booking, 'status' | 'holdAgreedAt'>): string {
  if (b.status !== 'hold_first' && b.status !== 'hold_second') return STATUS_LABEL[b.status];
  if (!b.holdAgreedAt) return 'Hold requested';
  return b.status === 'hold_first' ? 'On hold (first)' : 'On hold (second)';
}

/** "$650/day · 3 days · $1,950": what a booking is worth, the way both sides quote it. */
export function bookingAmounts(b: Pick<Booking, 'rate' | 'days' | 'total' | 'currency'>): string {
  const days = `${b.days} ${b.days === 1 ? 'day' : 'days'}`;
  return `${formatMoney(b.rate, b.currency)}/day · ${days} · ${formatMoney(b.total, b.currency)}`;
}

/** YYYY-MM-DD of a date, in UTC, as the server's days are. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return isoDay(date);
};
