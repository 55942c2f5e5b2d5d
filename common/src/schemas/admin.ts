import { z } from 'zod';
import { currentPasswordSchema, USER_ROLES } from './auth.ts';
import { text } from './text.ts';

/**
 * Staff (moderation and security) and two-factor sign-in (ADR 020): the staff pages, the account
 * page and the routes share these shapes and messages.
 */

export const STAFF_MESSAGES = {
  twoFactorRequired:
    'Staff accounts must use two-factor sign-in. Turn it on in your account settings to continue.',
  reauthRequired: 'Please confirm it is you: enter a code from your authenticator app.',
  sessionSecondFactor:
    'Staff pages need a code from your authenticator app in this session. Enter one to continue.',
  reportNotFound: 'Report not found',
  userNotFound: 'User not found',
  sessionNotFound: 'Session not found',
  notYourself: 'You cannot do this to your own account.',
  staffOnlyByAdmin: 'Only an admin can suspend or change a staff account.',
  suspendedNotFeatured: 'A suspended account cannot be featured.',
  reportResolved: 'This report has already been resolved.',
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  wrongCode: 'That code is not correct. Check your authenticator app and try again.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  noSetup: 'Start the setup first: ask for a new secret.',
  tooManyFailures: 'Too many wrong codes. Please wait 15 minutes and try again.',
  challengeExpired: 'Your sign-in has expired. Please enter your password again.',
  accountSuspended:
    'This account has been suspended. If you think this is a mistake, contact support@crewbase.app.',
  codeOrRecovery: 'Enter a code from your authenticator app or one of your recovery codes',
  passwordOrCode: 'Enter your password or a two-factor code',
  codeRequired: 'Enter the 6-digit code from your authenticator app: your account uses two-factor sign-in',
} as const;

export const REASON_TOO_SHORT = 'Please give a reason (at least 3 characters)';
export const REASON_TOO_LONG = 'Reason must be less than 500 characters';
export const reasonSchema = text({ error: REASON_TOO_SHORT })
  .trim()
  .min(3, REASON_TOO_SHORT)
  .max(500, REASON_TOO_LONG);

export const reasonRequest = z.object({ reason: reasonSchema });
export type ReasonRequest = z.infer<typeof reasonRequest>;

/** A 6-digit TOTP code; spaces people copy along are dropped. */
export const totpCodeSchema = text({ error: TWO_FACTOR_MESSAGES.codeFormat })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(text().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat));

/** A recovery code as handed out (xxxxx-xxxxx); any case, dashes and spaces optional. */
export const recoveryCodeSchema = text({ error: TWO_FACTOR_MESSAGES.codeOrRecovery })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(text().regex(/^[0-9a-f]{10}$/, 'That is not a recovery code'));

export const twoFactorSetupResponse = z.object({ secret: text(), otpauthUrl: text() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

/** A code from the new secret, and the password: a stolen cookie alone cannot take the account over. */
export const twoFactorEnableRequest = z.object({ code: totpCodeSchema, password: currentPasswordSchema });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequest>;

export const twoFactorEnableResponse = z.object({ recoveryCodes: z.array(text()) });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponse>;

const secondFactorFields = { code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() };
const exactlyOneFactor = (body: { code?: string | undefined; recoveryCode?: string | undefined }) =>
  (body.code === undefined) !== (body.recoveryCode === undefined);
const oneFactorIssue = { message: TWO_FACTOR_MESSAGES.codeOrRecovery, path: ['code'] };

/** A TOTP code or a recovery code, exactly one of them. */
export const secondFactorRequest = z.object(secondFactorFields).refine(exactlyOneFactor, oneFactorIssue);
export type SecondFactorRequest = z.infer<typeof secondFactorRequest>;

/** Turning two-factor sign-in off: a code or recovery code, and the password. */
export const twoFactorDisableRequest = z
  .object({ ...secondFactorFields, password: currentPasswordSchema })
  .refine(exactlyOneFactor, oneFactorIssue);
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequest>;

export const reauthenticateRequest = z
  .object({ password: text().min(1).max(200).optional(), code: totpCodeSchema.optional() })
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: TWO_FACTOR_MESSAGES.passwordOrCode,
    path: ['password'],
  });
export type ReauthenticateRequest = z.infer<typeof reauthenticateRequest>;

export const twoFactorRequiredResponse = z.object({ twoFactorRequired: z.literal(true) });

/* ---------- moderation ---------- */

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export const reportListQuery = z.object({ status: z.enum(REPORT_STATUSES).default('open') });

const person = z.object({
  id: z.number().int(),
  username: text(),
  displayName: text().nullable(),
  fallbackName: text(),
});
export type StaffPerson = z.infer<typeof person>;

export const reportItem = z.object({
  /** The oldest report of the group: the id the resolve call takes. */
  id: z.number().int(),
  kind: z.literal('review'),
  review: z.object({
    id: z.number().int(),
    rating: z.number().int(),
    text: text(),
    projectName: text().nullable(),
    createdAt: text(),
    hidden: z.boolean(),
    subject: person,
    reviewer: person,
  }),
  reporters: z.array(person.extend({ reason: text(), reportedAt: text() })),
  resolution: z.enum(['hide', 'dismiss']).nullable(),
  resolvedAt: text().nullable(),
});
export type ReportItem = z.infer<typeof reportItem>;
export const reportListResponse = z.object({ reports: z.array(reportItem) });
export type ReportListResponse = z.infer<typeof reportListResponse>;

export const resolveReportRequest = z.object({
  action: z.enum(['hide', 'dismiss'], { error: 'Choose hide or dismiss' }),
  reason: reasonSchema,
});
export type ResolveReportRequest = z.infer<typeof resolveReportRequest>;

export const staffUser = person.extend({
  email: text(),
  role: z.enum(USER_ROLES),
  createdAt: text(),
  suspendedAt: text().nullable(),
  featuredAt: text().nullable(),
  twoFactorEnabled: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUser>;
export const userLookupQuery = z.object({
  q: text().trim().min(1, 'Type a name or email').max(100, 'Search is too long'),
});
export const userLookupResponse = z.object({ users: z.array(staffUser) });

export const roleChangeRequest = z.object({
  role: z.enum(USER_ROLES, { error: 'Choose user, moderator or admin' }),
});

export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: text() }),
  action: text(),
  targetType: text(),
  targetId: z.number().int(),
  reason: text(),
  detail: z.record(text(), z.unknown()).nullable(),
  createdAt: text(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const cursorQuery = z.object({
  cursor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const auditResponse = z.object({ entries: z.array(auditEntry), nextCursor: z.number().nullable() });
export type AuditResponse = z.infer<typeof auditResponse>;

/* ---------- security ---------- */

/** What the `security_events` table records; the security page filters by these. */
export const SECURITY_EVENT_TYPES = [
  'login_success',
  'login_failure',
  'logout',
  'register',
  'password_reset_requested',
  'password_reset_done',
  'password_changed',
  'email_changed',
  'email_change_requested',
  'email_verified',
  'email_released',
  'rate_limited',
  'csrf_refused',
  'role_changed',
  'oauth_login',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_failure',
  'current_password_failure',
  'recovery_code_used',
  'session_revoked',
  'account_suspended',
  'account_restored',
  // The member's own deletion (issue 33, ADR 026).
  'account_deleted',
  'account_restore_offered',
  'account_deletion_cancelled',
  'account_erased',
  // Personal access tokens (issue 37, ADR 032): made, revoked, and the first use of each day.
  'access_token_created',
  'access_token_revoked',
  'access_token_used',
] as const;

export const securitySummary = z.object({
  /** 168 hourly buckets, oldest first. */
  hours: z.array(z.object({ hour: text(), failedSignIns: z.number(), refusals: z.number() })),
  newAccounts: z.number(),
  failedSignIns: z.number(),
  refusals: z.number(),
  topNetworks: z.array(z.object({ network: text(), failures: z.number(), lastSeen: text() })),
});
export type SecuritySummary = z.infer<typeof securitySummary>;

export const securityEventsQuery = cursorQuery.extend({
  type: text().trim().max(40).optional(),
  user: text().trim().max(100).optional(),
});
export const securityEvent = z.object({
  id: z.number().int(),
  type: text(),
  user: z.object({ id: z.number().int(), username: text() }).nullable(),
  subject: text().nullable(),
  ip: text().nullable(),
  userAgent: text().nullable(),
  detail: z.record(text(), z.unknown()).nullable(),
  createdAt: text(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;
export const securityEventsResponse = z.object({
  events: z.array(securityEvent),
  nextCursor: z.number().nullable(),
});
export type SecurityEventsResponse = z.infer<typeof securityEventsResponse>;

export const staffSession = z.object({
  id: z.number().int(),
  ip: text().nullable(),
  userAgent: text().nullable(),
  createdAt: text(),
  lastUsedAt: text(),
  expiresAt: text(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSession>;
export const sessionListResponse = z.object({ sessions: z.array(staffSession) });
