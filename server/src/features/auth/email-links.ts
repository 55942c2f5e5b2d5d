import { EMAIL_LINK_HOURS } from '#common/schemas/auth';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import { escapeHtml } from '#server/mail/html.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { type EmailLinkReason, insertEmailLink } from './email-queries.ts';

type Executor = Parameters<typeof insertEmailLink>[0] & Parameters<typeof enqueueMail>[0];

function mailFor(reason: EmailLinkReason, username: string, link: string) {
  const name = escapeHtml(username);
  const works = `the link works once, for ${EMAIL_LINK_HOURS} hours`;
  if (reason === 'change') {
    return {
      kind: 'email_change',
      subject: 'Confirm your new CrewBase email',
      text: `Someone asked to use this address for the CrewBase account ${username}.\n\nConfirm it here (${works}):\n${link}\n\nThe account keeps its old address until then. If it wasn't you, ignore this email: nothing changes.\n`,
      html: `<p>Someone asked to use this address for the CrewBase account ${name}.</p><p><a href="${link}">Confirm this address</a> (${works}).</p><p>The account keeps its old address until then. If it wasn't you, ignore this email: nothing changes.</p>`,
    };
  }
  return {
    kind: 'email_verification',
    subject: 'Confirm your CrewBase email',
    text: `Welcome to CrewBase, ${username}.\n\nConfirm that this address is yours (${works}):\n${link}\n\nIf you did not sign up, ignore this email: the address stays unconfirmed.\n`,
    html: `<p>Welcome to CrewBase, ${name}.</p><p><a href="${link}">Confirm that this address is yours</a> (${works}).</p><p>If you did not sign up, ignore this email: the address stays unconfirmed.</p>`,
  };
}

/**
 * Writes a one-time link that proves `email` for the account (only its hash is stored) and queues
 * the mail carrying it, both in the caller's transaction: the mail goes only if the change commits.
 * The link is `PUBLIC_URL/verify-email?token=…`, which the client page posts back.
 */
export async function sendEmailLink(
  tx: Executor,
  to: { userId: number; username: string; email: string; reason: EmailLinkReason; publicUrl: URL },
): Promise<void> {
  const token = randomToken();
  await insertEmailLink(tx, {
    tokenHash: hashToken(token),
    userId: to.userId,
    email: to.email,
    reason: to.reason,
    expiresAt: new Date(Date.now() + EMAIL_LINK_HOURS * 3_600_000),
  });
  const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, to.publicUrl).href;
  await enqueueMail(tx, { to: to.email, ...mailFor(to.reason, to.username, link) });
}
