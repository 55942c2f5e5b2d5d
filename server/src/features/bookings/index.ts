export { bookingRoutes } from './routes.ts';
export { settleBookingPayment, withdrawBookingsBetween } from './service.ts';
