export { teamRoutes } from './routes.ts';
export { assertOwnPosition, joinFromBooking } from './service.ts';
