/** An offer as the studio and the offer page read it: its status is read from the row and the clock, never stored. */
import type { OfferView } from '../../common/api/offers.ts';
import type { OfferStatus } from '../../common/earn.ts';
import type { offers } from '../../db/earn-schema.ts';
import { siteUrl, type Site } from '../sites/index.ts';

export type OfferRow = typeof offers.$inferSelect;

/** Archived stops at once; then an end date past; then a limit reached by paid redemptions. */
export function offerStatus(row: Pick<OfferRow, 'archivedAt' | 'endsAt' | 'redemptionLimit' | 'redemptions'>, now: Date): OfferStatus {
  if (row.archivedAt) return 'archived';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'ended';
  if (row.redemptionLimit !== null && row.redemptions >= row.redemptionLimit) return 'full';
  return 'active';
}

export const offerUrl = (site: Pick<Site, 'handle' | 'domain'>, code: string, appUrl: URL) => siteUrl(site, appUrl, `/offers/${code}`);

export function toOfferView(row: OfferRow, tierName: string, site: Pick<Site, 'handle' | 'domain'>, appUrl: URL, now: Date): OfferView {
  return {
    id: row.id,
    tierId: row.tierId,
    tierName,
    name: row.name,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    currency: row.currency,
    trialDays: row.trialDays,
    duration: row.duration,
    durationMonths: row.durationMonths,
    endsAt: row.endsAt?.toISOString() ?? null,
    redemptionLimit: row.redemptionLimit,
    redemptions: row.redemptions,
    status: offerStatus(row, now),
    url: offerUrl(site, row.code, appUrl),
    createdAt: row.createdAt.toISOString(),
  };
}
