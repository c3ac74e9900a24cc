/**
 * Delivers a planned send, batch after batch, on whichever servers run its
 * queue jobs. A batch first takes its share of the current second's slots
 * (rate-slots.ts), then claims that many due recipient rows (delivery-rows.ts: FOR UPDATE SKIP
 * LOCKED, with a lease: a server that dies leaves them to another once the
 * lease lapses), and settles each message the moment SMTP answers, so a crash
 * repeats at most the messages in flight (deliver-one.ts). Before each batch the post must
 * still be published, or the rest is cancelled, and its site not suspended,
 * or the rest waits until it is restored; a member who unsubscribed or
 * whose address was disabled since planning is skipped, also when that
 * happened after the claim: each message asks again when its turn at SMTP
 * comes (docs/decisions/132). A 5xx refusal
 * disables the address; anything else is retried with back-off
 * (docs/decisions/091-newsletter-delivery.md).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { MailTransport } from '../mail/index.ts';
import { createDeliverOne } from './deliver-one.ts';
import { claimRecipients } from './delivery-rows.ts';
import type { RateSlots } from './rate-slots.ts';
import { cancelSend, loadSendContext, refreshCounts } from './send-state.ts';

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

/** What is left of a send after a pass: done, or when the next retry or lease lapse falls due. */
export type PassOutcome = { done: true } | { done: false; nextAt: Date };

export function createNewsletterDelivery({ db, clock, logger, transport, rateSlots, mailFrom, leaseMs, retryBaseMs, unsubscribeUrl }: DeliveryDeps) {
  const deliverOne = createDeliverOne({ db, clock, logger, transport, retryBaseMs, unsubscribeUrl });

  /**
   * One lane: batch after batch until nothing is due; answers false when the send is over (finished elsewhere, or
   * cancelled), 'held' when its site is suspended: the rows stay pending until it is restored (docs/decisions/124).
   */
  async function lane(sendId: string, shouldStop: () => boolean, counted: { at: number }): Promise<boolean | 'held'> {
    while (!shouldStop()) {
      const context = await loadSendContext({ db, mailFrom }, sendId);
      if (!context || context.sendStatus !== 'sending') return false;
      if (context.siteSuspended) return 'held';
      if (context.postStatus !== 'published') {
        await cancelSend({ db, clock }, sendId);
        return false;
      }
      const { granted, msToNextSecond } = await rateSlots.take(BATCH_SIZE);
      if (granted === 0) {
        await new Promise((resolve) => setTimeout(resolve, msToNextSecond));
        continue;
      }
      const claimId = randomUUID();
      const rows = await claimRecipients({ db, clock, leaseMs }, sendId, granted, claimId);
      if (rows.length === 0) return true;
      await Promise.all(rows.map((row) => deliverOne(row, claimId, context)));
      // Counting from the rows costs a scan: once a second is enough for the studio's progress.
      if (Date.now() - counted.at > 1000) {
        counted.at = Date.now();
        await refreshCounts({ db, clock }, sendId);
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
    const { pending, nextAt } = await refreshCounts({ db, clock }, sendId);
    return pending === 0 ? { done: true } : { done: false, nextAt: nextAt ?? clock() };
  }

  return { deliverDue, refreshCounts: (sendId: string) => refreshCounts({ db, clock }, sendId) };
}

export type NewsletterDelivery = ReturnType<typeof createNewsletterDelivery>;
