import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes when it is not the sender (the contact form: the visitor who wrote). */
  replyTo?: string;
  /** More headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
}

/** The host part of an address such as `CrewBase <no-reply@crewbase.app>`. */
function domainOf(address: string): string {
  return /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';
}

/**
 * What every mail carries besides its content: `Auto-Submitted: auto-generated` (RFC 3834: no
 * vacation replies or loops), a Message-ID in the site's own domain, the Date, and a Reply-To:
 * the one given (the contact form: the visitor), else the no-reply sender itself.
 */
function envelope(mail: OutgoingMail, from: string, messageIdHost: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo ?? from,
    messageId: `<${randomUUID()}@${messageIdHost}>`,
    date: new Date(),
    headers: { ...mail.headers, 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * SMTP when `SMTP_URL` is set. Otherwise each message is written to `DATA_DIR/outbox/` as an .eml
 * file (and its path logged, never its contents: reset links are secrets) so a local user can open it.
 * `messageIdHost` is PUBLIC_URL's host (the From address's domain when not given).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
  messageIdHost?: string;
}): Mailer {
  const host = options.messageIdHost ?? domainOf(options.from);
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(envelope(mail, options.from, host));
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(envelope(mail, options.from, host));
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${slug(mail.to)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Not the address, nor the file (named after it): logs hold no personal data.
      options.log.info({ subject: mail.subject, outbox }, 'no SMTP_URL: mail written to the outbox');
    },
  };
}

function slug(text: string): string {
  return text.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
}
