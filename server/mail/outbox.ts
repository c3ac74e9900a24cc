/**
 * Every e-mail is written to mail_outbox in the transaction of the change that
 * causes it; the worker renders and delivers it later. An SMTP outage delays
 * mail, never loses it. The row names a template and a user, never a body or a
 * link: a usable token exists only in the mail the worker sends
 * (docs/decisions/020-mail-rendered-at-send-time.md).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { mailOutbox, type MailTemplate } from '../../db/schema.ts';
import { MAIL_SUBJECTS } from './subjects.ts';

/** NOTIFY inside the enqueuing transaction is delivered when it commits, so every worker hears of the mail then and no caller has to. */
export const MAIL_QUEUED_CHANNEL = 'mail_queued';

/**
 * `now` comes from the services' clock: the worker compares next_attempt_at with
 * that same clock, so a row stamped by the database's now() could wait on clock skew.
 */
export async function enqueueMail(
  db: Database,
  mail: { recipient: string; template: MailTemplate; userId: string; siteId?: string; supportRequestId?: string; newEmail?: string; keptSession?: boolean; linkOrigin?: string | undefined; giftId?: string; saleId?: string },
  now: Date,
): Promise<void> {
  await db.insert(mailOutbox).values({
    recipient: mail.recipient,
    subject: MAIL_SUBJECTS[mail.template],
    template: mail.template,
    params: {
      userId: mail.userId,
      ...(mail.siteId ? { siteId: mail.siteId } : {}),
      ...(mail.supportRequestId ? { supportRequestId: mail.supportRequestId } : {}),
      ...(mail.newEmail ? { newEmail: mail.newEmail } : {}),
      ...(mail.keptSession ? { keptSession: true } : {}),
      ...(mail.linkOrigin ? { linkOrigin: mail.linkOrigin } : {}),
      ...(mail.giftId ? { giftId: mail.giftId } : {}),
      ...(mail.saleId ? { saleId: mail.saleId } : {}),
    },
    createdAt: now,
    nextAttemptAt: now,
  });
  await db.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
}
