export { bookingRoutes } from './routes.ts';
// createBooking: crew calls book an applicant through it (issue 36).
export {
  createBooking,
  settleBookingPayment,
  withdrawBookingsBetween,
  withdrawBookingsOf,
} from './service.ts';
