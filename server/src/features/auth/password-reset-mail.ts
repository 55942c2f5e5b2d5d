import { escapeHtml } from '#server/mail/html.ts';

/** What both answers to a reset request are queued as; the per-address cap counts this kind. */
export const PASSWORD_RESET_MAIL_KIND = 'password_reset';

/** The link to a new password, for an address that has an account. */
export function resetLinkMail(link: string) {
  return {
    subject: 'Reset your CrewBase password',
    text: `Someone asked to reset the password of your CrewBase account.\n\nChoose a new password here (the link works once, for 1 hour):\n${link}\n\nIf it wasn't you, ignore this email: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your CrewBase account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for 1 hour).</p><p>If it wasn't you, ignore this email: your password stays as it is.</p>`,
  };
}

/**
 * The answer to an address no account uses (OWASP's Forgot Password advice): the person who asked
 * learns why no link came, perhaps that they signed up with another address, and the page's answer
 * stays the same for every address.
 */
export function noAccountMail(email: string, publicUrl: URL) {
  const site = publicUrl.origin;
  return {
    subject: 'CrewBase password reset: no account for this address',
    text: `Someone asked to reset the password of a CrewBase account for this address (${email}), but no CrewBase account uses it.\n\nIf it was you, perhaps you signed up with another email address: try that one, or create an account at ${site}.\n\nIf it wasn't you, ignore this email: nothing has changed.\n`,
    html: `<p>Someone asked to reset the password of a CrewBase account for this address (${escapeHtml(email)}), but no CrewBase account uses it.</p><p>If it was you, perhaps you signed up with another email address: try that one, or create an account at <a href="${escapeHtml(site)}">${escapeHtml(site)}</a>.</p><p>If it wasn't you, ignore this email: nothing has changed.</p>`,
  };
}
