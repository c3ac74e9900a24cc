/**
 * A send as delivery reads and settles it between batches (newsletter-delivery.ts):
 * what its messages are made of and whether it may go on, its cancellation
 * when the post is no longer published, and its counts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RenderedVariants } from '../../common/email.ts';
import type { Database } from '../../db/connect.ts';
import { posts, sites } from '../../db/content-schema.ts';
import { emailRecipients, emailSends } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { rowsOf } from '../../db/transaction.ts';
import type { Clock } from '../clock.ts';
import { siteIsSuspendedColumn } from '../site-standing/index.ts';

export interface SendContext {
  sendId: string;
  handle: string;
  rendered: RenderedVariants;
  addressing: { siteTitle: string; mailFrom: string; replyTo?: string | undefined };
}

export async function loadSendContext({ db, mailFrom }: { db: Database; mailFrom: string }, sendId: string): Promise<(SendContext & { postStatus: string; sendStatus: string; siteSuspended: boolean }) | undefined> {
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
export async function cancelSend({ db, clock }: { db: Database; clock: Clock }, sendId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(emailRecipients)
      .set({ status: 'cancelled', claimId: null })
      .where(and(eq(emailRecipients.sendId, sendId), eq(emailRecipients.status, 'pending')));
    await tx.update(emailSends).set({ status: 'cancelled', finishedAt: clock() }).where(and(eq(emailSends.id, sendId), eq(emailSends.status, 'sending')));
  });
}

/** Counts from the rows themselves: exact whatever crashed between a message and a counter. */
export async function refreshCounts({ db, clock }: { db: Database; clock: Clock }, sendId: string): Promise<{ pending: number; nextAt: Date | null }> {
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
