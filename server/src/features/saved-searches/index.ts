export { type AlertRun, runSavedSearchAlerts } from './alerts.ts';
export { savedSearchRoutes } from './routes.ts';
