/**
 * The offer's side of a subscription Checkout's end (docs/decisions/162), run beside the memberships' handlers in
 * the event's transaction (combineWebhookHandlers): a completed session turns its seat `redeemed` and counts the
 * redemption once; an expired one gives its seat back. Each change names the state it leaves, so a replay or a
 * second server finds nothing left to do, and the seat is looked up on the site of the account the event came from.
 */
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { isUuid } from '../../common/post-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { offerRedemptions, offers } from '../../db/earn-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import type { Clock } from '../clock.ts';
import type { RecordActivity } from '../reports/index.ts';

type Handler = (event: Stripe.Event, tx: Database) => Promise<void>;

const subscriptionIdOf = (session: Stripe.Checkout.Session) => (typeof session.subscription === 'string' ? session.subscription : session.subscription?.id);

export function offerWebhookHandlers({ clock, recordActivity }: { clock: Clock; recordActivity: RecordActivity }): Record<string, Handler> {
  /** The seat this session of an offer holds, when the event's account is its site's; undefined for anyone else's. */
  async function seatOf(event: Stripe.Event, tx: Database) {
    const session = event.data.object as Stripe.Checkout.Session;
    const redemptionId = session.metadata?.redemptionId;
    if (!event.account || session.mode !== 'subscription' || !redemptionId || !session.metadata?.offerId) return undefined;
    if (!isUuid(redemptionId)) return undefined;
    const [seat] = await tx
      .select({ id: offerRedemptions.id, offerId: offerRedemptions.offerId, siteId: offerRedemptions.siteId, userId: offerRedemptions.userId })
      .from(offerRedemptions)
      .innerJoin(paymentAccounts, and(eq(paymentAccounts.siteId, offerRedemptions.siteId), eq(paymentAccounts.stripeAccountId, event.account)))
      .where(and(eq(offerRedemptions.id, redemptionId), eq(offerRedemptions.offerId, session.metadata.offerId)))
      .limit(1);
    return seat ? { seat, session } : undefined;
  }

  return {
    'checkout.session.completed': async (event, tx) => {
      const found = await seatOf(event, tx);
      if (!found) return;
      const { seat, session } = found;
      const now = clock();
      const [redeemed] = await tx
        .update(offerRedemptions)
        .set({ status: 'redeemed', redeemedAt: now, stripeCheckoutSessionId: session.id, stripeSubscriptionId: subscriptionIdOf(session) ?? null })
        .where(and(eq(offerRedemptions.id, seat.id), ne(offerRedemptions.status, 'redeemed')))
        .returning({ id: offerRedemptions.id });
      if (!redeemed) return;
      // Within the limit by the seats (a paid session held one); the guard keeps the row's constraint whatever came late.
      const [offer] = await tx
        .update(offers)
        .set({ redemptions: sql`${offers.redemptions} + 1`, updatedAt: now })
        .where(and(eq(offers.id, seat.offerId), or(isNull(offers.redemptionLimit), lt(offers.redemptions, offers.redemptionLimit))))
        .returning({ name: offers.name, code: offers.code });
      await recordActivity(tx, { siteId: seat.siteId, type: 'offer-redeemed', userId: seat.userId, detail: offer ? `${offer.name} (${offer.code})` : '', occurredAt: now });
    },
    'checkout.session.expired': async (event, tx) => {
      const found = await seatOf(event, tx);
      if (!found) return;
      await tx
        .update(offerRedemptions)
        .set({ status: 'released' })
        .where(and(eq(offerRedemptions.id, found.seat.id), eq(offerRedemptions.status, 'held')));
    },
  };
}
