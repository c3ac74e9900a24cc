/**
 * A gift's price (DESIGN.md "More ways to be paid": one payment for 1, 3, 6 or 12 months), read by the server's
 * Checkout and by the gift page that shows it. The tier's monthly price times the months; for 12 months the tier's
 * yearly price when it is lower (what a member who pays yearly pays: a gift is never dearer than buying the same
 * months oneself). A tier sold yearly only can be given for 12 months alone, and no gift is offered for less than
 * Stripe's smallest charge in the tier's currency (a month of a HK$1 tier cannot be paid for alone).
 */
import type { GiftMonths } from './earn.ts';
import { stripeMinimumCharge } from './money.ts';

export interface GiftTierPrices {
  monthlyPrice: number | null;
  yearlyPrice: number | null;
  currency: string;
}

/** Minor units, or undefined when the tier has no price for that many months, or none Stripe would take. */
export function giftPrice(tier: GiftTierPrices, months: GiftMonths): number | undefined {
  const byMonth = tier.monthlyPrice === null ? undefined : tier.monthlyPrice * months;
  const price = months !== 12 || tier.yearlyPrice === null ? byMonth : byMonth === undefined ? tier.yearlyPrice : Math.min(byMonth, tier.yearlyPrice);
  return price !== undefined && price >= stripeMinimumCharge(tier.currency) ? price : undefined;
}
