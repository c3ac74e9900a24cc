/**
 * A gift's price and its end, as pure rules. The price is the tier's monthly price times the months, in one payment;
 * for 12 months the tier's yearly price when it is lower (what a member who pays yearly pays: a gift is never dearer
 * than buying the same months oneself). A tier sold yearly only can be given for 12 months alone.
 */
import type { GiftMonths } from '../../common/earn.ts';

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

/** `months` calendar months after `from` (UTC), on the last day of a shorter month: 31 January + 1 month is 28 or 29 February. */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
