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

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** `pool`: keeps up to `maxConnections` SMTP connections open and reuses them, for newsletters' many messages. */
export function createSmtpTransport(smtpUrl: string, from: string, pool?: { maxConnections: number }): MailTransport {
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  const transporter = pool
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: pool.maxConnections, maxMessages: Infinity, ...timeouts })
    : nodemailer.createTransport({ url: smtpUrl, ...timeouts });
  return {
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    close() {
      transporter.close();
    },
  };
}

export function createDevSinkTransport(mailDir: string, from: string, logger: Logger): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await builder.sendMail({ from, ...mail });
      await mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: mail.to, subject: mail.subject, file }, 'dev mail sink wrote a message');
      // The dev sink's whole purpose is to let a laptop user follow the link without a mail server.
      for (const link of links) process.stdout.write(`\n  Mail to ${mail.to}: ${mail.subject}\n  ${link}\n\n`);
    },
    close() {
      builder.close();
    },
  };
}
