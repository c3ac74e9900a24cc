/**
 * What a gift's sale does when Stripe says it was paid or refunded (the sales room calls it in the webhook's
 * transaction, once a sale). Paid: the gift row is made from the session's metadata (gift-checkout.ts), with a
 * placeholder code hash nobody knows the code of; the real code is made when the mail that carries it is sent
 * (gift-mails.ts), so the outbox never holds it. The buyer's receipt goes at once; the recipient's mail at once too
 * unless a send date is ahead (then the gift job sends it). Refunded: a gift not yet redeemed stops working; a redeemed
 * one ends the comp it gave (docs/decisions/165).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { EARN_MESSAGE_MAX, GIFT_MONTHS } from '../../common/earn.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites, tiers } from '../../db/content-schema.ts';
import { gifts } from '../../db/earn-schema.ts';
import { generateSecretToken, hashToken } from '../auth/index.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { compMembership, endExpiredComps } from '../memberships/index.ts';
import type { Sale, SaleFulfiller } from '../sales/index.ts';
import { GIFT_METADATA } from './gift-checkout.ts';
import { enqueueGiftMail } from './gift-mails.ts';
import { addMonths } from './gift-terms.ts';

interface GiftTerms {
  tierId: string;
  months: number;
  recipientEmail: string | null;
  sendAt: Date | null;
  message: string;
}

/** The gift the session was opened for; undefined when its metadata is not one we wrote. */
function termsOf(session: Stripe.Checkout.Session): GiftTerms | undefined {
  const metadata = session.metadata ?? {};
  const months = Number(metadata[GIFT_METADATA.months]);
  const tierId = metadata[GIFT_METADATA.tierId];
  const sendAt = metadata[GIFT_METADATA.sendAt] ? new Date(metadata[GIFT_METADATA.sendAt]!) : null;
  if (!tierId || !(GIFT_MONTHS as readonly number[]).includes(months) || (sendAt && Number.isNaN(sendAt.getTime()))) return undefined;
  return { tierId, months, recipientEmail: metadata[GIFT_METADATA.recipientEmail] || null, sendAt, message: (metadata[GIFT_METADATA.message] ?? '').slice(0, EARN_MESSAGE_MAX) };
}

export function createGiftFulfiller({ clock, logger }: { clock: Clock; logger: Logger }): SaleFulfiller {
  async function paid(tx: Database, sale: Sale, session: Stripe.Checkout.Session): Promise<void> {
    const terms = termsOf(session);
    // The tier was checked when Checkout opened; it is read again on this site only, so a forged session names no other.
    const [site] = await tx
      .select({ ownerId: sites.ownerId, tierId: tiers.id })
      .from(sites)
      .leftJoin(tiers, and(eq(tiers.siteId, sites.id), eq(tiers.id, terms?.tierId ?? '00000000-0000-0000-0000-000000000000'), eq(tiers.type, 'paid')))
      .where(eq(sites.id, sale.siteId));
    if (!terms || !site?.tierId) {
      logger.warn({ saleId: sale.id }, 'a paid gift sale names no gift of its site; nothing made');
      return;
    }
    const now = clock();
    // Sent now: the receipt carries the link (no recipient), or the recipient's mail goes at once (no date ahead).
    const sendNow = !terms.recipientEmail || !terms.sendAt || terms.sendAt.getTime() <= now.getTime();
    const [gift] = await tx
      .insert(gifts)
      .values({
        siteId: sale.siteId,
        saleId: sale.id,
        tierId: site.tierId,
        months: terms.months,
        status: sendNow ? 'sent' : 'paid',
        recipientEmail: terms.recipientEmail,
        sendAt: terms.sendAt,
        message: terms.message,
        codeHash: hashToken(generateSecretToken()),
        sentAt: sendNow ? now : null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: gifts.saleId })
      .returning({ id: gifts.id });
    if (!gift) return;
    if (sale.buyerEmail) await enqueueGiftMail(tx, { template: 'gift-receipt', recipient: sale.buyerEmail, userId: site.ownerId, siteId: sale.siteId, giftId: gift.id }, now);
    if (terms.recipientEmail && sendNow) await enqueueGiftMail(tx, { template: 'gift-received', recipient: terms.recipientEmail, userId: site.ownerId, siteId: sale.siteId, giftId: gift.id }, now);
  }

  async function refunded(tx: Database, sale: Sale): Promise<void> {
    const now = clock();
    const [gift] = await tx
      .update(gifts)
      .set({ status: 'refunded' })
      .where(and(eq(gifts.saleId, sale.id), inArray(gifts.status, ['paid', 'sent', 'redeemed'])))
      .returning();
    if (!gift?.redeemedByUserId || !gift.endsAt) return;
    // The comp this gift gave, if it is still that one (not since paid for, or made longer by another gift's months
    // ending later, which keep theirs): it ends where it would have ended without this gift, or now.
    const [membership] = await tx
      .select({ id: memberships.id, tierName: tiers.name })
      .from(memberships)
      .innerJoin(tiers, eq(tiers.id, memberships.tierId))
      .where(and(eq(memberships.siteId, gift.siteId), eq(memberships.userId, gift.redeemedByUserId), eq(memberships.status, 'comped'), eq(memberships.tierId, gift.tierId), eq(memberships.compExpiresAt, gift.endsAt)))
      .for('update', { of: memberships });
    if (!membership) return;
    const before = addMonths(gift.endsAt, -gift.months);
    const until = before.getTime() > now.getTime() ? before : now;
    await compMembership(tx, { membershipId: membership.id, siteId: gift.siteId, tier: { id: gift.tierId, name: membership.tierName }, until, now, by: "a gift's refund" });
    // Ended now rather than at the comps job's next turn: the refunded months are not the member's any more.
    if (until === now) await endExpiredComps(tx, now);
  }

  return { paid, refunded };
}
