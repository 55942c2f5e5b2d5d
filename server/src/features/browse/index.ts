export { browseRoutes } from './routes.ts';
export { browseCrew } from './service.ts';
