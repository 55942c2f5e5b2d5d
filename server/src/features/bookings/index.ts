export { bookingRoutes } from './routes.ts';
export { settleBookingPayment } from './service.ts';
