/**
 * Where a sale becomes paid (server/sales/, in the webhook's transaction, once): a creator who wants each notice
 * gets one queued in the outbox in that same transaction. Sales follow the creator's choice for new paying members
 * (docs/decisions/167): both are money coming in, and one choice keeps the settings card short. The daily digest
 * needs nothing written here: it reads the day's paid sales from the `sales` ledger itself.
 */
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_MEMBER_NOTICES } from '../../common/member-notices.ts';
import type { SaleKind } from '../../common/earn.ts';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { siteEmailSettings } from '../../db/email-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { MAIL_QUEUED_CHANNEL, MAIL_SUBJECTS } from '../mail/index.ts';

export interface SaleNews {
  id: string;
  siteId: string;
  kind: SaleKind;
  amount: number;
  currency: string;
  paidAt: Date | null;
}

/** Queues the creator's notice of a paid sale if they chose a mail each time; the mail is rendered when sent. */
export async function noteSale(tx: Database, sale: SaleNews): Promise<void> {
  if (!sale.paidAt) return;
  const [site] = await tx
    .select({ ownerId: sites.ownerId, email: users.email, choice: siteEmailSettings.newPayingMemberNotice })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.ownerId))
    .leftJoin(siteEmailSettings, eq(siteEmailSettings.siteId, sites.id))
    .where(eq(sites.id, sale.siteId));
  if (!site || (site.choice ?? DEFAULT_MEMBER_NOTICES.newPayingMember) !== 'each') return;
  await tx.insert(mailOutbox).values({
    recipient: site.email,
    subject: MAIL_SUBJECTS['new-sale'],
    template: 'new-sale',
    params: { userId: site.ownerId, siteId: sale.siteId, saleId: sale.id },
    createdAt: sale.paidAt,
    nextAttemptAt: sale.paidAt,
  });
  await tx.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
}
