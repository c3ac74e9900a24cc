/**
 * The gift job: the recipient's mail of a gift whose send date has come, and the reminder a week before a redeemed
 * gift ends. Each is picked and marked in one UPDATE (status `sent` with sent_at, or reminder_sent_at) whose RETURNING
 * queues the mail in the same transaction, so two servers running the job at once send each mail once.
 */
import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { gifts } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { ScheduledJob } from '../jobs/index.ts';
import { enqueueGiftMail } from './gift-mails.ts';

export const GIFT_MAILS_JOB = 'gift-mails';
const GIFT_MAILS_EVERY_MS = 60_000;
/** DESIGN.md: "a reminder a week before". */
const REMINDER_AHEAD_MS = 7 * 86_400_000;

export function createGiftMailRuns({ db, clock }: { db: Database; clock: Clock }) {
  async function sendDueGifts(): Promise<number> {
    return db.transaction(async (tx) => {
      const now = clock();
      const due = await tx
        .update(gifts)
        .set({ status: 'sent', sentAt: now })
        .where(and(eq(gifts.status, 'paid'), isNotNull(gifts.recipientEmail), lte(gifts.sendAt, now)))
        .returning({ id: gifts.id, siteId: gifts.siteId, recipientEmail: gifts.recipientEmail });
      for (const gift of due) {
        const [site] = await tx.select({ ownerId: sites.ownerId }).from(sites).where(eq(sites.id, gift.siteId));
        if (site) await enqueueGiftMail(tx, { template: 'gift-received', recipient: gift.recipientEmail!, userId: site.ownerId, siteId: gift.siteId, giftId: gift.id }, now);
      }
      return due.length;
    });
  }

  async function remindEndingGifts(): Promise<number> {
    return db.transaction(async (tx) => {
      const now = clock();
      const ending = await tx
        .update(gifts)
        .set({ reminderSentAt: now })
        .where(and(eq(gifts.status, 'redeemed'), isNull(gifts.reminderSentAt), isNotNull(gifts.redeemedByUserId), gt(gifts.endsAt, now), lte(gifts.endsAt, new Date(now.getTime() + REMINDER_AHEAD_MS))))
        .returning({ id: gifts.id, siteId: gifts.siteId, userId: gifts.redeemedByUserId, email: sql<string>`(select ${users.email} from ${users} where ${users.id} = ${gifts.redeemedByUserId})` });
      for (const gift of ending) {
        if (gift.userId && gift.email) await enqueueGiftMail(tx, { template: 'gift-ending', recipient: gift.email, userId: gift.userId, siteId: gift.siteId, giftId: gift.id }, now);
      }
      return ending.length;
    });
  }

  return { sendDueGifts, remindEndingGifts };
}

export type GiftMailRuns = ReturnType<typeof createGiftMailRuns>;

export function giftMailsJob(runs: GiftMailRuns): ScheduledJob {
  return {
    name: GIFT_MAILS_JOB,
    everyMs: GIFT_MAILS_EVERY_MS,
    run: async () => ({ giftsSent: await runs.sendDueGifts(), remindersSent: await runs.remindEndingGifts() }),
  };
}
