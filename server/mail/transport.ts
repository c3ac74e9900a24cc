/**
 * Where mail goes: a real SMTP server (SMTP_URL), or without one the dev sink,
 * which writes each message as an .eml file under $DATA_DIR/mail and prints its
 * links so that a laptop user can follow them (docs/decisions/006-dev-mail-sink.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Newsletters speak as the site (server/email/newsletter-headers.ts); without it, MAIL_FROM. */
  from?: { name: string; address: string };
  replyTo?: string;
  headers?: Record<string, string>;
}

/**
 * Asked once a message's turn has come, just before it is handed to SMTP: false drops it unsent.
 * For a newsletter, whether the member still wants it (issue 27: an unsubscribe after the
 * recipient's row was claimed, while the message waited for a connection, must still hold).
 */
export type StillWanted = () => Promise<boolean>;

export interface MailTransport {
  /** Answers whether the message went out: false only when `stillWanted` said no. */
  send(mail: OutgoingMail, stillWanted?: StillWanted): Promise<boolean>;
  close(): void;
}

/**
 * At most `slots` messages in the hands of nodemailer at once, one per pooled connection: beyond
 * that they would wait in its queue, already past their last check, so they wait here instead.
 */
function createTurns(slots: number) {
  let busy = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (busy < slots) busy += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes to the next in line as it is, or is given back.
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}

/** `pool`: keeps up to `maxConnections` SMTP connections open and reuses them, for newsletters' many messages. */
export function createSmtpTransport(smtpUrl: string, from: string, pool?: { maxConnections: number }): MailTransport {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  const transporter = pool
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: pool.maxConnections, maxMessages: Infinity, ...timeouts })
    : nodemailer.createTransport({ url: smtpUrl, ...timeouts });
  const inTurn = pool ? createTurns(pool.maxConnections) : <T>(work: () => Promise<T>) => work();
  return {
    send(mail, stillWanted) {
      return inTurn(async () => {
        if (stillWanted && !(await stillWanted())) return false;
        await transporter.sendMail({ from, ...mail });
        return true;
      });
    },
    close() {
      transporter.close();
    },
  };
}

export function createDevSinkTransport(mailDir: string, from: string, logger: Logger): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, stillWanted) {
      if (stillWanted && !(await stillWanted())) return false;
      const info = await builder.sendMail({ from, ...mail });
      await mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: mail.to, subject: mail.subject, file }, 'dev mail sink wrote a message');
      // The dev sink's whole purpose is to let a laptop user follow the link without a mail server.
      for (const link of links) process.stdout.write(`\n  Mail to ${mail.to}: ${mail.subject}\n  ${link}\n\n`);
      return true;
    },
    close() {
      builder.close();
    },
  };
}
