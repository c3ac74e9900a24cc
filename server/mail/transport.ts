/**
 * Where mail goes: a real SMTP server (SMTP_URL), or without one the dev sink,
 * which writes each message as an .eml file under $DATA_DIR/mail and prints its
 * links so that a laptop user can follow them (docs/decisions/006-dev-mail-sink.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import { createSendTurns, type StillWanted } from './send-turns.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Newsletters speak as the site (server/newsletters/newsletter-headers.ts); without it, MAIL_FROM. */
  from?: { name: string; address: string };
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Answers whether the message went out: false only when `stillWanted` said it is no longer wanted (send-turns.ts). */
  send(mail: OutgoingMail, stillWanted?: StillWanted): Promise<boolean>;
  close(): void;
}

/** Without a pool there is no queue to wait in: the message is asked about alone, then sent. */
async function sendIfWanted(stillWanted: StillWanted | undefined, send: () => Promise<void>): Promise<boolean> {
  if (stillWanted && !(await stillWanted.ask([stillWanted.key])).has(stillWanted.key)) return false;
  await send();
  return true;
}

/** `pool`: keeps up to `maxConnections` SMTP connections open and reuses them, for newsletters' many messages. */
export function createSmtpTransport(smtpUrl: string, from: string, pool?: { maxConnections: number }): MailTransport {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  const transporter = pool
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: pool.maxConnections, maxMessages: Infinity, ...timeouts })
    : nodemailer.createTransport({ url: smtpUrl, ...timeouts });
  const inTurn = pool ? createSendTurns(pool.maxConnections) : sendIfWanted;
  return {
    send(mail, stillWanted) {
      return inTurn(stillWanted, async () => {
        await transporter.sendMail({ from, ...mail });
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
    send(mail, stillWanted) {
      return sendIfWanted(stillWanted, async () => {
        const info = await builder.sendMail({ from, ...mail });
        await mkdir(mailDir, { recursive: true });
        const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
        await writeFile(file, info.message as Buffer);
        // One line a mail, naming its first link: the dev sink's whole purpose is to let a laptop user follow a
        // confirmation or sign-in link without a mail server, and action mails put that link first.
        const link = mail.text.match(/https?:\/\/\S+/)?.[0];
        logger.info({ ...(link ? { link } : {}), file }, `mail to ${mail.to}: ${mail.subject}`);
      });
    },
    close() {
      builder.close();
    },
  };
}
