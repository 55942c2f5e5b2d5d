export { accountDeletionRoutes } from './deletion-routes.ts';
export { eraseDueAccounts } from './deletion-service.ts';
export { accountExportRoutes } from './export-routes.ts';
