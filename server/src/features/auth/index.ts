export { oauthRoutes } from './oauth-routes.ts';
export { hashPassword } from './passwords.ts';
export { findUserForRoleChange, insertSecurityEvent, updateUserRole } from './queries.ts';
export { authRoutes } from './routes.ts';
export { recordSecurityEvent, resolveSession } from './service.ts';
export { twoFactorRoutes } from './two-factor-routes.ts';
