export { notify } from './notify.ts';
export { type AskedNotification, deleteAsked } from './queries.ts';
export { announce } from './realtime/announce.ts';
export type { RealtimeEvent } from './realtime/events.ts';
export { websocketOptions } from './realtime/plugin.ts';
export { notificationRoutes } from './routes.ts';
export { markRead } from './service.ts';
