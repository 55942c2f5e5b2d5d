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
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * SMTP when `SMTP_URL` is set. Otherwise each message is written to `DATA_DIR/outbox/` as an .eml
 * file (and its path logged, never its contents: reset links are secrets) so a local user can open it.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replaceAll(':', '-')}-${slug(mail.to)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info(
        { to: mail.to, subject: mail.subject, file },
        'no SMTP_URL: mail written to the outbox',
      );
    },
  };
}

function slug(text: string): string {
  return text.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
}
