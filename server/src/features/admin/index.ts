export { adminRoutes } from './routes.ts';
export { changeRoleAtConsole } from './service.ts';
