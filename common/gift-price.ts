/**
 * A gift's price (DESIGN.md "More ways to be paid": one payment for 1, 3, 6 or 12 months), read by the server's
 * Checkout and by the gift page that shows it. The tier's monthly price times the months; for 12 months the tier's
 * yearly price when it is lower (what a member who pays yearly pays: a gift is never dearer than buying the same
 * months oneself). A tier sold yearly only can be given for 12 months alone.
 */
import type { GiftMonths } from './earn.ts';

export interface GiftTierPrices {
  monthlyPrice: number | null;
  yearlyPrice: number | null;
}

/** Minor units, or undefined when the tier has no price for that many months. */
export function giftPrice(tier: GiftTierPrices, months: GiftMonths): number | undefined {
  const byMonth = tier.monthlyPrice === null ? undefined : tier.monthlyPrice * months;
  if (months !== 12 || tier.yearlyPrice === null) return byMonth;
  return byMonth === undefined ? tier.yearlyPrice : Math.min(byMonth, tier.yearlyPrice);
}
