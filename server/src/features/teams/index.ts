export { deleteInvitesBetween } from './queries.ts';
export { teamRoutes } from './routes.ts';
export { assertOwnPosition, joinFromBooking, leaveFromBooking } from './service.ts';
