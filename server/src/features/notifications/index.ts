export { resolveAsked } from './answered.ts';
export { dailyDigestSweep, mailDailyDigests } from './digest.ts';
export {
  emailRecipientSql,
  emailWanted,
  emailWantedSql,
  preferencesUrl,
  unsubscribeUrl,
} from './email-preferences.ts';
export { renderNotificationMail } from './notification-mail.ts';
export { notify } from './notify.ts';
export { type AskedNotification, deleteAsked } from './queries.ts';
export { announce } from './realtime/announce.ts';
export type { RealtimeEvent } from './realtime/events.ts';
export { websocketOptions } from './realtime/plugin.ts';
export { lastOnline } from './realtime/presence-queries.ts';
export { notificationRoutes } from './routes.ts';
export { markRead } from './service.ts';
