export { roleRoutes } from './routes.ts';
export { getCrewCounts, getRolesById, loadRoleCatalogue } from './service.ts';
