export { oauthRoutes } from './oauth-routes.ts';
export { hashPassword } from './passwords.ts';
export { insertSecurityEvent } from './queries.ts';
export { authRoutes } from './routes.ts';
export { recordSecurityEvent, resolveSession } from './service.ts';
export { sessionRoutes } from './sessions-routes.ts';
export { sealStoredSecrets } from './two-factor.ts';
export { twoFactorRoutes } from './two-factor-routes.ts';
