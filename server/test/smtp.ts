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
  /** Every header as sent, by its lowercase name, unfolded (RFC 5322 2.2.3). */
  headers: Record<string, string>;
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
  /** Stops listening, as in an SMTP outage: connections are refused until `restart()`. */
  stop(): Promise<void>;
  /** Listens again, on the same port (the app's SMTP_URL stays right). */
  restart(): Promise<void>;
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
          headers: Object.fromEntries(
            parsed.headerLines.map(({ key, line }) => [
              key,
              line
                .slice(line.indexOf(':') + 1)
                .replace(/\r?\n(?=[ \t])/g, '')
                .trim(),
            ]),
          ),
        });
        callback();
      },
      (error: Error) => callback(error),
    );
  };
  // A closed SMTPServer answers "421 shutting down" for good: a restart is a new one, same port.
  const listen = async (at: number) => {
    const started = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData,
    });
    await new Promise<void>((resolve) => started.listen(at, '127.0.0.1', resolve));
    return started;
  };
  let server = await listen(0);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    to: (address) => inbox.filter((mail) => mail.to.includes(address)),
    refuseNext(count, responseCode) {
      refusals = { count, responseCode };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async restart() {
      server = await listen(port);
    },
  };
}
