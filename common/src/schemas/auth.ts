import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { isPlaceholderEmail } from '../placeholder-email.ts';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

/** SPEC §5 rules and messages, used by the forms and by the server alike. */
export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const PASSWORD_TOO_SHORT = `Password must be at least ${LIMITS.passwordMin} characters`;
export const COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';

const password = text()
  .min(LIMITS.passwordMin, PASSWORD_TOO_SHORT)
  .max(200, 'Password must be at most 200 characters');

export const usernameSchema = text()
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Username can only contain letters, numbers, dots, dashes and underscores');

export const RESERVED_EMAIL = 'This address cannot be used. Please enter your own email';

export const emailSchema = text()
  .trim()
  .pipe(z.email('Please enter a valid email').max(254, 'Please enter a valid email'))
  .refine((email) => !isPlaceholderEmail(email), RESERVED_EMAIL);

export const loginRequest = z.object({
  username: text()
    .trim()
    .min(1, 'Please enter your username or email')
    .max(254, 'Please enter your username or email'),
  password: text().min(LIMITS.passwordMin, PASSWORD_TOO_SHORT).max(200, PASSWORD_TOO_SHORT),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z.object({ username: usernameSchema, email: emailSchema, password });
export type RegisterRequest = z.infer<typeof registerRequest>;

export const registerForm = registerRequest
  .extend({ confirmPassword: text().min(LIMITS.passwordMin, PASSWORD_TOO_SHORT) })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerForm>;

/** The signed-in user as the client reads it (SPEC §3 plus role); never a hash or token. */
export const authUser = z.object({
  id: z.number().int(),
  username: text(),
  email: text(),
  displayName: text().nullable(),
  /** Shown until a display name is set ("Sam O."): personName() in common/src/people.ts. */
  fallbackName: text(),
  profileImage: text().nullable(),
  isSubscribed: z.boolean(),
  role: z.enum(USER_ROLES),
  /** Two-factor sign-in (TOTP) is on; staff calls answer only then. */
  twoFactorEnabled: z.boolean(),
  /** The member opened a link we mailed to `email`, or a provider vouched for it. */
  emailVerified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUser>;

export const sessionInfo = z.object({
  authenticated: z.boolean(),
  expiresAt: text().nullable(),
  persistent: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const authCheck = z.object({ authenticated: z.boolean() });

export const csrfTokenResponse = z.object({ csrfToken: text(), expiresAt: text() });
export type CsrfTokenResponse = z.infer<typeof csrfTokenResponse>;

export const passwordResetRequest = z.object({ email: emailSchema });
export const passwordResetConfirm = z.object({
  token: text().min(1, 'The reset link is incomplete'),
  password,
});
export const passwordResetForm = z
  .object({ password, confirmPassword: text().min(LIMITS.passwordMin, PASSWORD_TOO_SHORT) })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';
/**
 * The current password, asked again before a change to the account (password, e-mail, two-factor
 * sign-in). No password is longer than 200 characters, so a longer one is simply not it.
 */
export const currentPasswordSchema = text({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(200, WRONG_CURRENT_PASSWORD);

export const changePasswordRequest = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: password,
});
export const changeEmailRequest = z.object({
  currentPassword: currentPasswordSchema,
  email: emailSchema,
});

export const messageResponse = z.object({ message: text() });

/** One signed-in browser of the member: GET /api/account/sessions, newest first. */
export const accountSession = z.object({
  id: z.number().int(),
  /** The session of the browser asking. */
  current: z.boolean(),
  createdAt: text(),
  lastSeenAt: text(),
  userAgent: text().nullable(),
  ip: text().nullable(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessionsResponse = z.object({ sessions: z.array(accountSession) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponse>;
export const accountSessionParams = z.object({
  id: z.coerce
    .number({ error: 'Not a valid session id' })
    .int('Not a valid session id')
    .positive('Not a valid session id')
    .max(MAX_ID, 'Not a valid session id'),
});

/** How long a link that confirms an address works. */
export const EMAIL_LINK_HOURS = 24;
export const verifyEmailRequest = z.object({
  token: text().min(1, 'The link is incomplete').max(200, 'The link is not valid'),
});
/** An e-mail change answers the user as it is (the old address) and the address waiting for its link. */
export const changeEmailResponse = authUser.extend({ pendingEmail: text() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponse>;
export const EMAIL_VERIFICATION_SENT = `If your email still needs confirming, we've sent you a new link. It works for ${EMAIL_LINK_HOURS} hours.`;
/** What opening a link that confirms an address can answer, besides success. */
export const EMAIL_LINK_MESSAGES = {
  invalid: 'This link is not valid. Open the link from your email again, or ask for a new one.',
  used: 'This link has already been used. Ask for a new one if your email still needs confirming.',
  expired: `This link has expired: links work for ${EMAIL_LINK_HOURS} hours. Ask for a new one.`,
  otherAccount:
    'This link was sent for a different account. Log out, log in to that account, then open the link again.',
  superseded: 'This link is for an address your account no longer uses. Ask for a new one.',
  taken: 'An account already uses that email',
} as const;

export const PASSWORD_RESET_REQUESTED =
  "If an account uses that email, we've sent it a link to reset the password. The link works for 1 hour.";
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const OAUTH_PROVIDERS = ['google', 'facebook', 'twitter'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
};

/** GET /api/auth/providers (issue 33): the providers configured on this server, in OAUTH_PROVIDERS order. */
export const authProvidersResponse = z.object({ providers: z.array(z.enum(OAUTH_PROVIDERS)) });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponse>;
