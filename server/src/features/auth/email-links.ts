import { EMAIL_LINK_HOURS } from '#common/schemas/auth';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import { preferencesUrl } from '#server/features/notifications/index.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { renderMail } from '#server/mail/templates/render.tsx';
import { type EmailLinkReason, insertEmailLink } from './email-queries.ts';

type Executor = Parameters<typeof insertEmailLink>[0] & Parameters<typeof enqueueMail>[0];

/** The mail carrying a link that proves an address (exported for scripts/mail-preview.ts). */
export async function emailLinkMail(reason: EmailLinkReason, username: string, link: string, publicUrl: URL) {
  const works = `the link works once, for ${EMAIL_LINK_HOURS} hours`;
  const footer = {
    reason: 'You get this because this address was given for a CrewBase account.',
    preferencesUrl: preferencesUrl(publicUrl),
  };
  if (reason === 'change') {
    return {
      kind: 'email_change',
      ...(await renderMail({
        subject: 'Confirm your new CrewBase email',
        preheader: `Confirm this address for the CrewBase account ${username}.`,
        heading: 'Confirm your new email address',
        paragraphs: [
          `Someone asked to use this address for the CrewBase account ${username}.`,
          `Confirm it with the button below (${works}).`,
          "The account keeps its old address until then. If it wasn't you, ignore this email: nothing changes.",
        ],
        button: { label: 'Confirm this address', url: link },
        footer,
      })),
    };
  }
  return {
    kind: 'email_verification',
    ...(await renderMail({
      subject: 'Confirm your CrewBase email',
      preheader: 'One click to confirm that this address is yours.',
      heading: 'Confirm your email address',
      paragraphs: [
        `Welcome to CrewBase, ${username}.`,
        `Confirm that this address is yours with the button below (${works}).`,
        'If you did not sign up, ignore this email: the address stays unconfirmed.',
      ],
      button: { label: 'Confirm my address', url: link },
      footer,
    })),
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
  await enqueueMail(tx, {
    to: to.email,
    ...(await emailLinkMail(to.reason, to.username, link, to.publicUrl)),
  });
}
