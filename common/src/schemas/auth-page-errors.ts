import { TWO_FACTOR_MESSAGES } from './admin.ts';
import { OAUTH_PROVIDER_NAMES, type OAuthProvider } from './auth.ts';

const notConfigured = (provider: OAuthProvider) =>
  `${OAUTH_PROVIDER_NAMES[provider]} sign-in is not configured on this server`;

/**
 * The only values of `/auth?error=`: why a sign-in through a provider came back to the sign-in
 * page. The server redirects with a code and the page shows the code's text. Anyone can write a
 * link to `/auth?error=…`, so the page never shows text taken from the URL (issue 29).
 */
export const AUTH_PAGE_ERRORS = {
  google_not_configured: notConfigured('google'),
  facebook_not_configured: notConfigured('facebook'),
  twitter_not_configured: notConfigured('twitter'),
  unknown_provider: 'Unknown sign-in provider',
  cancelled: 'Sign-in was cancelled.',
  interrupted: 'Sign-in was interrupted or took too long. Please try again.',
  suspended: TWO_FACTOR_MESSAGES.accountSuspended,
  two_factor: 'This account uses two-factor sign-in: sign in with your username, password and code.',
  deleted: 'This account is scheduled for deletion. Sign in with your password to restore it.',
} as const;

export type AuthPageError = keyof typeof AUTH_PAGE_ERRORS;

export const notConfiguredError = (provider: OAuthProvider): AuthPageError => `${provider}_not_configured`;

/** The text of an `error` parameter, or null when it is not one of the codes above. */
export function authPageErrorText(code: string | null): string | null {
  if (code === null || !Object.hasOwn(AUTH_PAGE_ERRORS, code)) return null;
  return AUTH_PAGE_ERRORS[code as AuthPageError];
}

/** The code whose text a refusal carries (a suspended account, two-factor), if it is one of them. */
export function authPageErrorOf(message: string): AuthPageError | null {
  const found = Object.entries(AUTH_PAGE_ERRORS).find(([, text]) => text === message);
  return found ? (found[0] as AuthPageError) : null;
}
