export { profileRoutes } from './routes.ts';
export { getProfile } from './service.ts';
