/**
 * A real SMTP server on loopback that keeps what it receives, parsed with
 * postal-mime. It can go down and come back on the same port, like a mail
 * provider's outage. It refuses any recipient whose address starts with
 * `rejected-` with a permanent 550, as a provider refuses a mailbox that does not exist.
 * It can answer slowly, as a provider under load does.
 */
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part. */
  links: string[];
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Waits until `count` mails to `to` have arrived; fails after `deadlineMs`. */
  waitForMail(to: string, options?: { count?: number; deadlineMs?: number }): Promise<ReceivedMail[]>;
  mailsTo(to: string): ReceivedMail[];
  stop(): Promise<void>;
  restart(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** How long the sink takes to accept each message, like a slow provider. */
  answerDelayMs?: number;
}

export async function startSmtpSink({ answerDelayMs = 0 }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer;

  function createServer() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!address.address.startsWith('rejected-')) return callback();
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks)).then(
            (mail) => {
              const text = mail.text ?? '';
              received.push({
                to: (mail.to ?? []).map((address) => address.address ?? '').join(','),
                subject: mail.subject ?? '',
                text,
                html: mail.html ?? '',
                links: text.match(/https?:\/\/\S+/g) ?? [],
              });
              setTimeout(() => callback(), answerDelayMs);
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
  }

  async function listen() {
    server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  }

  await listen();
  const mailsTo = (to: string) => received.filter((mail) => mail.to === to);
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    received,
    mailsTo,
    async waitForMail(to, { count = 1, deadlineMs = 20_000 } = {}) {
      const deadline = Date.now() + deadlineMs;
      while (mailsTo(to).length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, got ${mailsTo(to).length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return mailsTo(to);
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
    restart: listen,
  };
}
