// Kept apart from schemas/auth.ts so the first load (the e-mail notice slot) takes no zod.
/**
 * Addresses the app makes up for an account with none to write to: a provider gave none
 * (`twitter-<id>@…`), or someone else proved the account's unconfirmed address theirs
 * (`released-<id>@…`). The domain is reserved: no one signs up with it or changes to it, and it
 * never links a provider sign-in to an account.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = 'users.noreply.crewbase.app';
export const isPlaceholderEmail = (email: string) =>
  email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
export const providerPlaceholderEmail = (provider: string, providerUserId: string) =>
  `${provider}-${providerUserId}@${PLACEHOLDER_EMAIL_DOMAIN}`.toLowerCase();
export const releasedPlaceholderEmail = (userId: number) => `released-${userId}@${PLACEHOLDER_EMAIL_DOMAIN}`;
export const isReleasedEmail = (email: string) => isPlaceholderEmail(email) && email.startsWith('released-');
