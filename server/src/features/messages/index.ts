export { mailUnreadMessages } from './message-mail.ts';
export { messageRoutes } from './routes.ts';
