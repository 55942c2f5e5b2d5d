export { profileRoutes } from './routes.ts';
export { visitorProfile } from './service.ts';
