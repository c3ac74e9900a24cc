/**
 * Every e-mail is written to mail_outbox in the transaction of the change that
 * causes it; the worker delivers it later. An SMTP outage delays mail, never loses it.
 */
import type { Database } from '../../db/connect.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { MailContent } from './templates.ts';

/**
 * `now` comes from the services' clock: the worker compares next_attempt_at with
 * that same clock, so a row stamped by the database's now() could wait on clock skew.
 */
export async function enqueueMail(db: Database, recipient: string, content: MailContent, now: Date): Promise<void> {
  await db.insert(mailOutbox).values({
    recipient,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    createdAt: now,
    nextAttemptAt: now,
  });
}
