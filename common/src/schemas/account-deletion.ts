import { z } from 'zod';
import { totpCodeSchema } from './admin.ts';
import { currentPasswordSchema } from './auth.ts';
import { text } from './text.ts';

/**
 * "Delete my account" (issue 33, ADR 026): hidden and signed out at once, restorable by signing in
 * for ACCOUNT_ERASE_AFTER_DAYS days, then erased.
 */
export const ACCOUNT_ERASE_AFTER_DAYS = 14;
/** What others see in place of a member who deleted their account (reviews, conversations). */
export const FORMER_MEMBER = 'Former member';
/** How long payments and invoices are kept after the account is erased (the privacy page says why). */
export const PAYMENT_RECORDS_KEPT_YEARS = 10;

export const ACCOUNT_DELETION_MESSAGES = {
  alreadyDeleted: 'This account is already scheduled for deletion',
  scheduled: 'This account is scheduled for deletion',
  restoreExpired: 'This restore link has expired. Sign in again to restore your account.',
  restored: 'Your account is restored. Welcome back.',
} as const;

/** `DELETE /api/account`: the password, and a code from the authenticator when two-factor is on. */
export const deleteAccountRequest = z.object({
  password: currentPasswordSchema,
  code: totpCodeSchema.optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

export const deleteAccountResponse = z.object({
  /** When the account's personal data will be erased, unless it is restored before (ISO time). */
  eraseAfter: text(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;

/**
 * What `POST /api/login` answers, instead of a session, for the right password of an account
 * scheduled for deletion: the sign-in form offers "Restore my account" with this token.
 */
export const restoreOfferResponse = z.object({
  restoreRequired: z.literal(true),
  restoreToken: text(),
  eraseAfter: text(),
  /** The account uses two-factor sign-in: the restore asks for a code. */
  codeRequired: z.boolean(),
});
export type RestoreOfferResponse = z.infer<typeof restoreOfferResponse>;

export const restoreAccountRequest = z.object({
  restoreToken: text()
    .min(1, ACCOUNT_DELETION_MESSAGES.restoreExpired)
    .max(200, ACCOUNT_DELETION_MESSAGES.restoreExpired),
  code: totpCodeSchema.optional(),
});
export type RestoreAccountRequest = z.infer<typeof restoreAccountRequest>;
