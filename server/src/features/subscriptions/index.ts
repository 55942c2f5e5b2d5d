export { subscriptionRoutes } from './routes.ts';
export { stopRenewalForDeletion } from './service.ts';
