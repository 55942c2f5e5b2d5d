export { subscriptionRoutes } from './routes.ts';
