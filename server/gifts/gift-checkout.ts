/**
 * Opening a gift's Checkout: a one-time payment of the sales room on the creator's own account, for N months of one
 * of the site's paid, active tiers. No gift row exists until it is paid (docs/decisions/165): what the gift will be
 * (tier, months, recipient, send date, message) travels on the session's metadata, which the paid event hands back,
 * so an abandoned or expired Checkout leaves no gift behind, only its expired sale.
 */
import { and, eq } from 'drizzle-orm';
import { GIFT_SEND_AHEAD_MAX_DAYS, type GiftCheckout } from '../../common/gift-schemas.ts';
import type { GiftMonths } from '../../common/earn.ts';
import { giftPrice } from '../../common/gift-price.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError, badRequest } from '../errors.ts';
import { readinessOnceKnown, type PaymentsReady } from '../payments/index.ts';
import type { RateLimiter } from '../rate-limits/index.ts';
import type { StartPaymentCheckout } from '../sales/index.ts';
import { isSiteSuspended } from '../site-standing/index.ts';
import { findSiteByHandle } from '../sites/index.ts';

const DAY_MS = 86_400_000;

/** The metadata keys a gift's session carries (read back by gift-fulfiller.ts). */
export const GIFT_METADATA = { tierId: 'giftTierId', months: 'giftMonths', recipientEmail: 'giftRecipient', sendAt: 'giftSendAt', message: 'giftMessage' } as const;

export interface GiftCheckoutDeps {
  db: Database;
  clock: Clock;
  startPaymentCheckout: StartPaymentCheckout;
  /** Read as soon as the site is known, beside the other checks (docs/decisions/171). */
  paymentsReady: PaymentsReady;
  /** Anyone may open a gift's Checkout: so many an hour from one address, as tips and products. */
  rateLimiter: Pick<RateLimiter, 'consumePublicCheckout'>;
}

export function createGiftCheckout({ db, clock, startPaymentCheckout, paymentsReady, rateLimiter }: GiftCheckoutDeps) {
  /** Another site's tier, the free tier and an archived one look the same: there is no such gift to buy here. */
  async function giftTier(siteId: string, tierId: string) {
    const [tier] = await db
      .select({ id: tiers.id, name: tiers.name, monthlyPrice: tiers.monthlyPrice, yearlyPrice: tiers.yearlyPrice, currency: tiers.currency })
      .from(tiers)
      .where(and(eq(tiers.id, tierId), eq(tiers.siteId, siteId), eq(tiers.type, 'paid'), eq(tiers.active, true)));
    return tier;
  }

  return async function startGiftCheckout(handle: string, input: GiftCheckout, buyerUserId: string | undefined, ip: string): Promise<{ url: string }> {
    // Once the site is known its standing, the tier and the payments' readiness are read side by side, beside the rate
    // limit's write, which counts a refused attempt too (as a tip's); the refusals are then told in the page's order.
    const found = findSiteByHandle(db, handle.toLowerCase()).then((site) => (site?.publishedAt ? site : undefined));
    const readiness = readinessOnceKnown(found, paymentsReady);
    const [site, suspended, tier, overLimit] = await Promise.all([
      found,
      found.then((site) => (site ? isSiteSuspended(db, site.id) : false)),
      found.then((site) => (site ? giftTier(site.id, input.tierId) : undefined)),
      rateLimiter.consumePublicCheckout(ip).then(
        () => undefined,
        (error: Error) => error,
      ),
    ]);
    if (!site) throw new AppError('not-found', 404);
    if (suspended) throw new AppError('site-suspended', 410);
    if (!tier) throw new AppError('not-found', 404, 'tierId');
    const months = input.months as GiftMonths;
    const amount = giftPrice(tier, months);
    if (amount === undefined) throw badRequest('invalid-input', 'months');
    const now = clock();
    const sendAt = input.sendAt === undefined ? undefined : new Date(input.sendAt);
    if (sendAt && (sendAt.getTime() < now.getTime() || sendAt.getTime() > now.getTime() + GIFT_SEND_AHEAD_MAX_DAYS * DAY_MS)) throw badRequest('invalid-input', 'sendAt');
    if (overLimit) throw overLimit;
    const metadata: Record<string, string> = { [GIFT_METADATA.tierId]: tier.id, [GIFT_METADATA.months]: String(months) };
    if (input.recipientEmail) metadata[GIFT_METADATA.recipientEmail] = input.recipientEmail;
    if (sendAt) metadata[GIFT_METADATA.sendAt] = sendAt.toISOString();
    // Stripe drops a key whose value is empty, and caps a value at 500 characters: EARN_MESSAGE_MAX is 500.
    if (input.message?.trim()) metadata[GIFT_METADATA.message] = input.message;
    const { url } = await startPaymentCheckout({
      site,
      kind: 'gift',
      amount,
      currency: tier.currency,
      itemName: `Gift: ${months} ${months === 1 ? 'month' : 'months'} of ${tier.name}`,
      itemDescription: `A gift membership of ${site.title}`,
      buyer: buyerUserId ? { userId: buyerUserId } : input.email ? { email: input.email } : {},
      metadata,
      successPath: '/gift?bought=1',
      cancelPath: '/gift',
      readiness,
    });
    return { url };
  };
}
