/**
 * One recipient's message of a claimed batch (newsletter-delivery.ts), settled
 * the moment SMTP answers. When its turn at SMTP comes it asks again whether
 * it is still wanted (docs/decisions/132); a 5xx refusal disables the address;
 * anything else is retried with back-off (docs/decisions/091-newsletter-delivery.md).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { memberships } from '../../db/content-schema.ts';
import { emailDisabledMembers, emailRecipients } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { rowsOf } from '../../db/transaction.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { isPermanentRejection, type MailTransport } from '../mail/index.ts';
import { settleRecipient, takesNewsletters, type Claimed } from './delivery-rows.ts';
import { newsletterMessage } from './newsletter-headers.ts';
import type { SendContext } from './send-state.ts';

export const MAX_NEWSLETTER_ATTEMPTS = 8;

export interface DeliverOneDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  transport: MailTransport;
  retryBaseMs: number;
  unsubscribeUrl: (handle: string, membershipId: string) => Promise<string>;
}

export function createDeliverOne({ db, clock, logger, transport, retryBaseMs, unsubscribeUrl }: DeliverOneDeps) {
  const retryDelay = (attempts: number) => Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), 3600_000);

  /** The messages waiting for their turn at SMTP, by a key of their own (a row re-claimed by another lane meanwhile is there twice). */
  const waiting = new Map<number, { rowId: number; claimId: string }>();
  let lastKey = 0;

  /**
   * Asked when messages' turn at SMTP comes (server/mail/send-turns.ts), which may be a while after
   * their claim: which rows their claim still holds (a lease that lapsed meanwhile gave the row to
   * another) and whose members still take newsletters (they may have unsubscribed meanwhile).
   */
  async function stillDeliverable(keys: number[]): Promise<ReadonlySet<number>> {
    const asked = keys.map((key) => waiting.get(key)!);
    const result = await db.execute(sql`
      select asked.key from ${emailRecipients}
      join unnest(${`{${keys.join(',')}}`}::int[], ${`{${asked.map((message) => message.rowId).join(',')}}`}::bigint[],
        ${`{${asked.map((message) => message.claimId).join(',')}}`}::uuid[]) as asked(key, id, claim_id)
        on asked.id = ${emailRecipients.id} and asked.claim_id = ${emailRecipients.claimId}
      join ${memberships} on ${memberships.id} = ${emailRecipients.membershipId}
      join ${users} on ${users.id} = ${memberships.userId}
      where ${takesNewsletters(emailRecipients.membershipId)}`);
    return new Set(rowsOf<{ key: number }>(result).map((row) => Number(row.key)));
  }

  async function deliverOne(row: Claimed, claimId: string, context: SendContext): Promise<'sent' | 'failed' | 'skipped' | 'retry'> {
    if (!row.deliverable) {
      await settleRecipient({ db, clock }, row, claimId, { status: 'skipped' });
      return 'skipped';
    }
    const rendered = context.rendered[row.variant];
    if (!rendered) throw new Error(`send ${context.sendId} has no ${row.variant} variant`);
    try {
      const message = newsletterMessage(rendered, row.email, await unsubscribeUrl(context.handle, row.membershipId), context.addressing);
      const key = ++lastKey;
      waiting.set(key, { rowId: row.id, claimId });
      const sent = await transport.send(message, { key, ask: stillDeliverable }).finally(() => waiting.delete(key));
      if (!sent) {
        // Settles nothing if the row is another claim's now: that claim decides.
        await settleRecipient({ db, clock }, row, claimId, { status: 'skipped' });
        return 'skipped';
      }
      await settleRecipient({ db, clock }, row, claimId, { status: 'sent' });
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isPermanentRejection(error)) {
        await db.insert(emailDisabledMembers).values({ membershipId: row.membershipId, reason: message.slice(0, 300) }).onConflictDoNothing();
        await settleRecipient({ db, clock }, row, claimId, { status: 'failed', error: message });
        logger.warn({ sendId: context.sendId, membershipId: row.membershipId, err: message }, 'newsletter address refused for good; disabled');
        return 'failed';
      }
      const givingUp = row.attempts >= MAX_NEWSLETTER_ATTEMPTS;
      await settleRecipient({ db, clock }, row, claimId, { status: givingUp ? 'failed' : 'pending', error: message, nextAttemptAt: new Date(clock().getTime() + retryDelay(row.attempts)) });
      logger.warn({ sendId: context.sendId, membershipId: row.membershipId, attempts: row.attempts, err: message }, 'newsletter delivery failed');
      return givingUp ? 'failed' : 'retry';
    }
  }

  return deliverOne;
}
