/**
 * Delivers a planned send, batch after batch, on whichever servers run its
 * queue jobs. A batch first takes its share of the current second's slots
 * (rate-slots.ts), then claims that many due recipient rows (FOR UPDATE SKIP
 * LOCKED, with a lease: a server that dies leaves them to another once the
 * lease lapses), and settles each message the moment SMTP answers, so a crash
 * repeats at most the messages in flight. Before each batch the post must
 * still be published, or the rest is cancelled, and its site not suspended,
 * or the rest waits until it is restored; a member who unsubscribed or
 * whose address was disabled since planning is skipped, also when that
 * happened after the claim: each message asks again when its turn at SMTP
 * comes (docs/decisions/132). A 5xx refusal
 * disables the address; anything else is retried with back-off
 * (docs/decisions/091-newsletter-delivery.md).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { EmailVariant, RenderedVariants } from '../../common/email.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, posts, sites } from '../../db/content-schema.ts';
import { emailDisabledMembers, emailRecipients, emailSends } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { isPermanentRejection } from '../mail/worker.ts';
import type { MailTransport } from '../mail/transport.ts';
import { newsletterMessage } from './newsletter-headers.ts';
import { rowsOf } from '../../db/transaction.ts';
import type { RateSlots } from './rate-slots.ts';
import { siteIsSuspendedColumn } from '../site-standing/index.ts';

export const MAX_NEWSLETTER_ATTEMPTS = 8;
/** How often a send held by its site's suspension looks again: it resumes this long at most after a restore. */
export const SUSPENDED_RECHECK_MS = 60_000;
export const BATCH_SIZE = 50;
/** Batches in flight at once per delivery job (see deliverDue). */
const LANES = 4;

export interface DeliveryDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  transport: MailTransport;
  rateSlots: RateSlots;
  mailFrom: string;
  leaseMs: number;
  retryBaseMs: number;
  unsubscribeUrl: (handle: string, membershipId: string) => Promise<string>;
}

interface Claimed {
  id: number;
  membershipId: string;
  variant: EmailVariant;
  attempts: number;
  email: string;
  deliverable: boolean;
}

/** Whether the member of `membershipId` (memberships and users joined) still takes newsletters: subscribed, address verified, not disabled. */
const takesNewsletters = (membershipId: SQLWrapper) => sql`(${memberships.subscribedToEmails} and ${users.emailVerified}
  and not exists (select 1 from ${emailDisabledMembers} where ${emailDisabledMembers.membershipId} = ${membershipId}))`;

/** What is left of a send after a pass: done, or when the next retry or lease lapse falls due. */
export type PassOutcome = { done: true } | { done: false; nextAt: Date };

export function createNewsletterDelivery({ db, clock, logger, transport, rateSlots, mailFrom, leaseMs, retryBaseMs, unsubscribeUrl }: DeliveryDeps) {
  const retryDelay = (attempts: number) => Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), 3600_000);

  async function claim(sendId: string, limit: number, claimId: string): Promise<Claimed[]> {
    const now = clock();
    const leaseEnd = new Date(now.getTime() + leaseMs);
    const result = await db.execute(sql`
      with due as (
        select id from ${emailRecipients}
        where send_id = ${sendId} and status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      ), held as (
        update ${emailRecipients} r set claim_id = ${claimId}, attempts = r.attempts + 1, next_attempt_at = ${leaseEnd.toISOString()}::timestamptz
        from due where r.id = due.id
        returning r.id, r.membership_id, r.variant, r.attempts
      )
      select held.id, held.membership_id as "membershipId", held.variant, held.attempts, ${users.email} as email,
        ${takesNewsletters(sql`held.membership_id`)} as deliverable
      from held
      join ${memberships} on ${memberships.id} = held.membership_id
      join ${users} on ${users.id} = ${memberships.userId}`);
    return rowsOf<Claimed>(result).map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
  }

  /** Records one recipient's outcome if this claim still holds the row. */
  async function settle(row: Claimed, claimId: string, outcome: { status: 'sent' | 'failed' | 'skipped' | 'pending'; error?: string; nextAttemptAt?: Date }) {
    await db
      .update(emailRecipients)
      .set({
        status: outcome.status,
        claimId: null,
        error: outcome.error?.slice(0, 500) ?? null,
        ...(outcome.status === 'sent' ? { sentAt: clock() } : {}),
        ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      })
      .where(and(eq(emailRecipients.id, row.id), eq(emailRecipients.claimId, claimId)));
  }

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
      await settle(row, claimId, { status: 'skipped' });
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
        await settle(row, claimId, { status: 'skipped' });
        return 'skipped';
      }
      await settle(row, claimId, { status: 'sent' });
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isPermanentRejection(error)) {
        await db.insert(emailDisabledMembers).values({ membershipId: row.membershipId, reason: message.slice(0, 300) }).onConflictDoNothing();
        await settle(row, claimId, { status: 'failed', error: message });
        logger.warn({ sendId: context.sendId, membershipId: row.membershipId, err: message }, 'newsletter address refused for good; disabled');
        return 'failed';
      }
      const givingUp = row.attempts >= MAX_NEWSLETTER_ATTEMPTS;
      await settle(row, claimId, { status: givingUp ? 'failed' : 'pending', error: message, nextAttemptAt: new Date(clock().getTime() + retryDelay(row.attempts)) });
      logger.warn({ sendId: context.sendId, membershipId: row.membershipId, attempts: row.attempts, err: message }, 'newsletter delivery failed');
      return givingUp ? 'failed' : 'retry';
    }
  }

  interface SendContext {
    sendId: string;
    handle: string;
    rendered: RenderedVariants;
    addressing: { siteTitle: string; mailFrom: string; replyTo?: string | undefined };
  }

  async function loadContext(sendId: string): Promise<(SendContext & { postStatus: string; sendStatus: string; siteSuspended: boolean }) | undefined> {
    const [row] = await db
      .select({ send: emailSends, postStatus: posts.status, handle: sites.handle, siteTitle: sites.title, ownerEmail: users.email, siteSuspended: siteIsSuspendedColumn(sites.id) })
      .from(emailSends)
      .innerJoin(posts, eq(posts.id, emailSends.postId))
      .innerJoin(sites, eq(sites.id, emailSends.siteId))
      .innerJoin(users, eq(users.id, sites.ownerId))
      .where(eq(emailSends.id, sendId));
    if (!row?.send.rendered) return undefined;
    return {
      sendId,
      handle: row.handle,
      rendered: row.send.rendered,
      postStatus: row.postStatus,
      sendStatus: row.send.status,
      siteSuspended: row.siteSuspended,
      addressing: { siteTitle: row.siteTitle, mailFrom, replyTo: row.send.replyToCreator ? row.ownerEmail : undefined },
    };
  }

  /** The post went back to draft or was scheduled again: nothing more goes out. */
  async function cancel(sendId: string) {
    await db.transaction(async (tx) => {
      await tx
        .update(emailRecipients)
        .set({ status: 'cancelled', claimId: null })
        .where(and(eq(emailRecipients.sendId, sendId), eq(emailRecipients.status, 'pending')));
      await tx.update(emailSends).set({ status: 'cancelled', finishedAt: clock() }).where(and(eq(emailSends.id, sendId), eq(emailSends.status, 'sending')));
    });
  }

  /** Counts from the rows themselves: exact whatever crashed between a message and a counter. */
  async function refreshCounts(sendId: string): Promise<{ pending: number; nextAt: Date | null }> {
    const result = await db.execute(sql`
      select count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'skipped')::int as skipped,
        count(*) filter (where status = 'pending')::int as pending,
        min(next_attempt_at) filter (where status = 'pending') as "nextAt"
      from ${emailRecipients} where send_id = ${sendId}`);
    const row = rowsOf<{ sent: number; failed: number; skipped: number; pending: number; nextAt: string | Date | null }>(result)[0]!;
    const pending = Number(row.pending);
    await db
      .update(emailSends)
      .set({
        sent: Number(row.sent),
        failed: Number(row.failed),
        skipped: Number(row.skipped),
        ...(pending === 0 ? { status: 'sent' as const, finishedAt: clock() } : {}),
      })
      .where(and(eq(emailSends.id, sendId), eq(emailSends.status, 'sending')));
    return { pending, nextAt: row.nextAt === null ? null : new Date(row.nextAt) };
  }

  /**
   * One lane: batch after batch until nothing is due; answers false when the send is over (finished elsewhere, or
   * cancelled), 'held' when its site is suspended: the rows stay pending until it is restored (docs/decisions/124).
   */
  async function lane(sendId: string, shouldStop: () => boolean, counted: { at: number }): Promise<boolean | 'held'> {
    while (!shouldStop()) {
      const context = await loadContext(sendId);
      if (!context || context.sendStatus !== 'sending') return false;
      if (context.siteSuspended) return 'held';
      if (context.postStatus !== 'published') {
        await cancel(sendId);
        return false;
      }
      const { granted, msToNextSecond } = await rateSlots.take(BATCH_SIZE);
      if (granted === 0) {
        await new Promise((resolve) => setTimeout(resolve, msToNextSecond));
        continue;
      }
      const claimId = randomUUID();
      const rows = await claim(sendId, granted, claimId);
      if (rows.length === 0) return true;
      await Promise.all(rows.map((row) => deliverOne(row, claimId, context)));
      // Counting from the rows costs a scan: once a second is enough for the studio's progress.
      if (Date.now() - counted.at > 1000) {
        counted.at = Date.now();
        await refreshCounts(sendId);
      }
    }
    return true;
  }

  /** Sends what is due of one send; answers whether it is finished or when to look again. */
  async function deliverDue(sendId: string, shouldStop: () => boolean = () => false): Promise<PassOutcome> {
    const counted = { at: Date.now() };
    // Several lanes: while one waits on the database (claim, settles), the others' messages keep the SMTP pool busy.
    const lanes = await Promise.all(Array.from({ length: LANES }, () => lane(sendId, shouldStop, counted)));
    if (lanes.includes(false)) return { done: true };
    if (lanes.includes('held')) return { done: false, nextAt: new Date(clock().getTime() + SUSPENDED_RECHECK_MS) };
    const { pending, nextAt } = await refreshCounts(sendId);
    return pending === 0 ? { done: true } : { done: false, nextAt: nextAt ?? clock() };
  }

  return { deliverDue, refreshCounts };
}

export type NewsletterDelivery = ReturnType<typeof createNewsletterDelivery>;
