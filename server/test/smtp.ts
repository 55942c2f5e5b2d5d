import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll } from 'vitest';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  /** What to put in SMTP_URL. */
  url: string;
  /** SMTP connections opened to it so far: none means nothing tried to send. */
  connections(): number;
  /** The mails one address received. */
  to(address: string): ReceivedMail[];
  /**
   * Refuses the next `count` messages with this SMTP reply (e.g. 451 try later, 550 no such user),
   * then accepts again.
   */
  refuseNext(count: number, responseCode: number): void;
}

/**
 * A real SMTP server on loopback for one test file: the app's mail goes through nodemailer and
 * SMTP as in production, and what arrives is parsed as a mail client would. Closed after the file.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const inbox: ReceivedMail[] = [];
  let connections = 0;
  let refusals = { count: 0, responseCode: 0 };
  const onData: SMTPServerOptions['onData'] = (stream, session, callback) => {
    const to = session.envelope.rcptTo.map((r) => r.address);
    simpleParser(stream).then(
      (parsed) => {
        if (refusals.count > 0) {
          refusals = { ...refusals, count: refusals.count - 1 };
          callback(Object.assign(new Error('refused by the test'), { responseCode: refusals.responseCode }));
          return;
        }
        inbox.push({
          to,
          replyTo: parsed.replyTo?.text,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
        });
        callback();
      },
      (error: Error) => callback(error),
    );
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    to: (address) => inbox.filter((mail) => mail.to.includes(address)),
    refuseNext(count, responseCode) {
      refusals = { count, responseCode };
    },
  };
}
