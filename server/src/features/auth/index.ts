// Personal access tokens (issue 37, ADR 032): the bearer check app.ts hands the access-token plugin,
// and account deletion's revocation of them all.
export { deleteAllAccessTokens } from './access-token-queries.ts';
export { accessTokenRoutes } from './access-token-routes.ts';
export { authenticateAccessToken } from './access-tokens.ts';
export { oauthRoutes } from './oauth-routes.ts';
export { hashPassword } from './passwords.ts';
// The member's own deletion and restore (issue 33, ADR 026) check the password and code, end the
// sessions and sign the restored member in.
export { verifyCurrentPassword } from './proofs.ts';
export { insertSecurityEvent } from './queries.ts';
export { authRoutes } from './routes.ts';
export { recordSecurityEvent, resolveSession, startSession } from './service.ts';
export { deleteMemberSessionsExcept } from './session-queries.ts';
export { sessionRoutes } from './sessions-routes.ts';
export { sealStoredSecrets, verifySecondFactor } from './two-factor.ts';
export { twoFactorRoutes } from './two-factor-routes.ts';
