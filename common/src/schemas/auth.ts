import { z } from 'zod';
import { LIMITS } from '../limits.ts';
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

export const emailSchema = text()
  .trim()
  .pipe(z.email('Please enter a valid email').max(254, 'Please enter a valid email'));

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
  profileImage: text().nullable(),
  isSubscribed: z.boolean(),
  role: z.enum(USER_ROLES),
  /** Two-factor sign-in (TOTP) is on; staff calls answer only then. */
  twoFactorEnabled: z.boolean(),
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

export const changePasswordRequest = z.object({
  currentPassword: text().min(1, 'Enter your current password'),
  newPassword: password,
});
export const changeEmailRequest = z.object({
  currentPassword: text().min(1, 'Enter your current password'),
  email: emailSchema,
});

export const messageResponse = z.object({ message: text() });

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
