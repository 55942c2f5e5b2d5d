import { preferencesUrl } from '#server/features/notifications/index.ts';
import { renderMail } from '#server/mail/templates/render.tsx';

/** What both answers to a reset request are queued as; the per-address cap counts this kind. */
export const PASSWORD_RESET_MAIL_KIND = 'password_reset';

/** The link to a new password, for an address that has an account. */
export function resetLinkMail(link: string, publicUrl: URL) {
  return renderMail({
    subject: 'Reset your CrewBase password',
    preheader: 'Choose a new password: the link works once, for 1 hour.',
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your CrewBase account.',
      'Choose a new password with the button below (the link works once, for 1 hour).',
      "If it wasn't you, ignore this email: your password stays as it is.",
    ],
    button: { label: 'Choose a new password', url: link },
    footer: {
      reason: 'You get this because someone asked to reset the password of your CrewBase account.',
      preferencesUrl: preferencesUrl(publicUrl),
    },
  });
}

/**
 * The answer to an address no account uses (OWASP's Forgot Password advice): the person who asked
 * learns why no link came, perhaps that they signed up with another address, and the page's answer
 * stays the same for every address. No preferences: the reader has no account.
 */
export function noAccountMail(email: string, publicUrl: URL) {
  const site = publicUrl.origin;
  return renderMail({
    subject: 'CrewBase password reset: no account for this address',
    preheader: 'No CrewBase account uses this address.',
    heading: 'No account for this address',
    paragraphs: [
      `Someone asked to reset the password of a CrewBase account for this address (${email}), but no CrewBase account uses it.`,
      `If it was you, perhaps you signed up with another email address: try that one, or create an account at ${site}.`,
      "If it wasn't you, ignore this email: nothing has changed.",
    ],
    footer: {
      reason: 'You get this because someone typed this address in the CrewBase password reset form.',
    },
  });
}
