import { isPlaceholderEmail } from '#common/placeholder-email';
import { type Executor, enqueueMail } from '#server/mail/outbox.ts';
import { renderMail } from '#server/mail/templates/render.tsx';
import { findAuthUser } from './queries.ts';

export type SecurityNoticeKind =
  | 'password_changed'
  | 'email_changed'
  | 'two_factor_on'
  | 'two_factor_off'
  | 'new_device';

export interface SecurityNoticeDetails {
  /** When it happened; now when not given. */
  at?: Date;
  /** For 'new_device': the browser, in words ("Firefox on Windows"), and the address it came from. */
  device?: string | null;
  ip?: string | null;
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
/** "12 March 2026 at 14:05 UTC": one reading in every country. */
const when = (at: Date) => `${day.format(at)} at ${at.toISOString().slice(11, 16)} UTC`;

// No links, not even to the preferences (there is nothing to set: notices cannot be turned off) nor
// an unsubscribe: a real notice that asks nothing of the reader is easy to tell from a phishing copy
// ("open CrewBase yourself"), and no caller has to know PUBLIC_URL.
const IF_NOT_YOU =
  'If it was not you, someone else may know your password. Open CrewBase yourself (not through a link in an email), choose "Forgot your password?" on the sign-in form to set a new one, and tell us through the Contact page.';
const FOOTER =
  'We send this to every account whatever its other settings, because it is about the safety of your account.';

function paragraphs(kind: SecurityNoticeKind, at: string, details: SecurityNoticeDetails): string[] {
  switch (kind) {
    case 'password_changed':
      return [
        `The password of your CrewBase account was changed on ${at}. Every other device that was signed in has been signed out.`,
        'If it was you, there is nothing more to do.',
        IF_NOT_YOU,
      ];
    case 'email_changed':
      return [
        `The email address of your CrewBase account was changed on ${at}. From now on, mail about the account goes to the new address, not to this one, and a password reset link can only be sent there.`,
        'If it was you, there is nothing more to do.',
        'If it was not you, someone else may be using your account. Tell us through the Contact page on CrewBase and answer from this address, so that we can give the account back to you.',
      ];
    case 'two_factor_on':
      return [
        `Two-factor sign-in was turned on for your CrewBase account on ${at}. From now on, signing in also asks for a code from an authenticator app or a recovery code.`,
        'If it was you, keep your recovery codes somewhere safe.',
        IF_NOT_YOU,
      ];
    case 'two_factor_off':
      return [
        `Two-factor sign-in was turned off for your CrewBase account on ${at}. Signing in now needs only the password.`,
        'If it was you, there is nothing more to do. You can turn it on again in your account settings.',
        IF_NOT_YOU,
      ];
    case 'new_device':
      return [
        `Your CrewBase account was signed in to from a device it had not seen before, on ${at}: ${details.device || 'an unknown browser'}${details.ip ? `, from the network address ${details.ip}` : ''}.`,
        'If it was you, there is nothing more to do.',
        IF_NOT_YOU,
      ];
  }
}

const SUBJECTS: Record<SecurityNoticeKind, string> = {
  password_changed: 'Your CrewBase password was changed',
  email_changed: 'Your CrewBase email address was changed',
  two_factor_on: 'Two-factor sign-in was turned on for your CrewBase account',
  two_factor_off: 'Two-factor sign-in was turned off for your CrewBase account',
  new_device: 'New sign-in to your CrewBase account',
};

/** A notice's mail, rendered (exported for scripts/mail-preview.ts). */
export async function securityNoticeMail(
  user: { email: string; username: string },
  kind: SecurityNoticeKind,
  details: SecurityNoticeDetails = {},
) {
  const at = when(details.at ?? new Date());
  const said = paragraphs(kind, at, details);
  return {
    to: user.email,
    ...(await renderMail({
      subject: SUBJECTS[kind],
      preheader: said[0],
      heading: SUBJECTS[kind],
      paragraphs: [`Hello ${user.username},`, ...said, 'The CrewBase team'],
      footer: { reason: FOOTER },
    })),
  };
}

/**
 * Tells the owner of an account, by email, of a change to how it is secured. Call it in the
 * transaction that makes the change: the mail is queued in the outbox and goes only if the change
 * commits. For 'email_changed', pass the OLD address as `user.email`. An account whose address is a
 * placeholder is told nothing.
 */
export async function securityNotice(
  tx: Executor,
  user: { email: string; username: string },
  kind: SecurityNoticeKind,
  details: SecurityNoticeDetails = {},
): Promise<void> {
  // A placeholder (a social sign-up without an address) reaches no one.
  if (isPlaceholderEmail(user.email)) return;
  await enqueueMail(tx, {
    ...(await securityNoticeMail(user, kind, details)),
    kind: `security_notice:${kind}`,
  });
}

/** `securityNotice` to the account's current address, looked up in the same transaction. */
export async function securityNoticeFor(
  tx: Executor,
  userId: number,
  kind: SecurityNoticeKind,
  details: SecurityNoticeDetails = {},
): Promise<void> {
  const user = await findAuthUser(tx, userId);
  if (user) await securityNotice(tx, user, kind, details);
}
