import { hasPremium } from '#common/policies/premium';
import { PREMIUM_REQUIRED, type PremiumFeature } from '#common/premium';
import { ForbiddenError, type HttpError, UnauthorizedError } from '#server/errors.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import { SIGN_IN_REQUIRED } from '#server/http/request-auth.ts';

/**
 * The one Premium gate of the server: 401 for a visitor, 403 with a message naming Premium for a
 * free member. Services call it before doing anything Premium; never a silent empty answer.
 */
export function assertPremium(auth: Pick<RequestAuth, 'user'> | null, feature: PremiumFeature): void {
  if (!auth) throw new UnauthorizedError(SIGN_IN_REQUIRED);
  if (!hasPremium(auth.user)) throw premiumRequired(feature);
}

/** The refusal itself, for a gate with exceptions of its own (the person reviewed reads all their reviews). */
export function premiumRequired(feature: PremiumFeature): HttpError {
  return new ForbiddenError(PREMIUM_REQUIRED[feature]);
}
