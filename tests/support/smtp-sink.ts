/**
 * A real SMTP server on loopback that keeps what it receives, parsed with
 * postal-mime. It can go down and come back on the same port, like a mail
 * provider's outage. It refuses any recipient whose address starts with
 * `rejected-` with a permanent 550, as a provider refuses a mailbox that does not exist,
 * and the first attempt for one starting with `deferred-` with a temporary 451 (greylisting).
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
  /** The message's header lines, names lowercased. */
  headers: { key: string; value: string }[];
  from: { name: string; address: string };
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Waits until `count` mails to `to` have arrived; fails after `deadlineMs`. */
  waitForMail(to: string, options?: { count?: number; deadlineMs?: number }): Promise<ReceivedMail[]>;
  /** The `count`-th mail to `to` whose subject holds `subject`, once it came (the sink also holds other mail to the address). */
  waitForMailAbout(to: string, subject: string, count?: number): Promise<ReceivedMail>;
  mailsTo(to: string): ReceivedMail[];
  stop(): Promise<void>;
  restart(): Promise<void>;
  /**
   * Holds each next message unanswered (no 250) until resume(); a message whose
   * sender hangs up meanwhile was never accepted and is dropped, as a compliant
   * server does. `held` counts what waits now.
   */
  pause(): void;
  resume(): void;
  readonly held: number;
}

export interface SmtpSinkOptions {
  /** How long the sink takes to accept each message, like a slow provider. */
  answerDelayMs?: number;
}

export async function startSmtpSink({ answerDelayMs = 0 }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const deferredOnce = new Set<string>();
  let paused = false;
  const held = new Map<string, { mail: ReceivedMail; answer: () => void }[]>();
  let port = 0;
  let server: SMTPServer;

  function createServer() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // stop() is an outage: open connections (a sender's idle pool too) are cut at once, not waited for.
      closeTimeout: 200,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('deferred-') && !deferredOnce.has(address.address)) {
          deferredOnce.add(address.address);
          return callback(Object.assign(new Error('4.7.1 Greylisted, try again later'), { responseCode: 451 }));
        }
        if (!address.address.startsWith('rejected-')) return callback();
        callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      },
      onClose(session) {
        held.delete(session.id);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks)).then(
            (mail) => {
              const text = mail.text ?? '';
              const parsed: ReceivedMail = {
                to: (mail.to ?? []).map((address) => address.address ?? '').join(','),
                subject: mail.subject ?? '',
                text,
                html: mail.html ?? '',
                links: text.match(/https?:\/\/\S+/g) ?? [],
                headers: mail.headers.map((header) => ({ key: header.key, value: header.value })),
                from: { name: mail.from?.name ?? '', address: mail.from?.address ?? '' },
              };
              if (paused) {
                held.set(session.id, [...(held.get(session.id) ?? []), { mail: parsed, answer: () => callback() }]);
                return;
              }
              received.push(parsed);
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
    async waitForMailAbout(to, subject, count = 1) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const matching = mailsTo(to).filter((mail) => mail.subject.includes(subject));
        if (matching.length >= count) return matching[count - 1]!;
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) about "${subject}" to ${to}, got ${matching.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
    restart: listen,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const waiting of held.values()) {
        for (const { mail, answer } of waiting) {
          received.push(mail);
          answer();
        }
      }
      held.clear();
    },
    get held() {
      return [...held.values()].reduce((total, waiting) => total + waiting.length, 0);
    },
  };
}
