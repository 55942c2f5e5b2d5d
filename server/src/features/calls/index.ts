// Moderation, the staff side's hide (admin) and the call_match alerts (issue 36, ADR 038).
export { callMatchSweep, runCallMatchAlerts } from './match-alerts.ts';
export { setCallHidden } from './moderation.ts';
export { callReportRoutes } from './report-routes.ts';
export { callRoutes } from './routes.ts';
// For pages (server-rendered /calls and /calls/:id, the sitemap) and moderation (issue 36).
export {
  type CallListValues,
  closeExpiredCalls,
  getCallForViewer,
  listCalls,
  openCallIdsForSitemap,
  storedCall,
  todayUtc,
} from './service.ts';
