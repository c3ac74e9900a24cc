/**
 * The export's offers on this site, each on the tier of its name (made or matched by write-tiers.ts) and made by the
 * offers room's importOffer, which makes a discount's coupon on this site's Stripe account. Recorded as kind `offer`
 * by its code, so a rerun makes none twice. What cannot come in as it was is told in plain words: a code this site
 * already uses (skipped), a tier that did not come over or is free (skipped), a discount on a site that cannot take
 * money yet or whose Stripe refused the coupon (brought in archived).
 */
import { eq } from 'drizzle-orm';
import type { ImportProblem } from '../../../common/api/imports.ts';
import { tiers } from '../../../db/content-schema.ts';
import { importOffer } from '../../offers/index.ts';
import type { Site } from '../../sites/index.ts';
import type { ImportsDeps } from '../import-deps.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import type { SourceOffer } from '../sources/source-bundle.ts';
import { addProblems } from './run-problems.ts';

/** Answers how many offers it made now. */
export async function writePlatformOffers(deps: ImportsDeps, scope: ImportScope, site: Site, offers: SourceOffer[], tierIdByName: ReadonlyMap<string, string>): Promise<number> {
  const done = await findItems(deps.db, scope, 'offer', offers.map((offer) => offer.code));
  const waiting = offers.filter((offer) => !done.has(offer.code));
  if (waiting.length === 0) return 0;
  const siteTiers = new Map((await deps.db.select().from(tiers).where(eq(tiers.siteId, site.id))).map((tier) => [tier.id, tier]));
  const problems: ImportProblem[] = [];
  let made = 0;
  for (const offer of waiting) {
    const where = `site.json, the offer “${offer.code}”`;
    const tierId = tierIdByName.get(offer.tier);
    const tier = tierId === undefined ? undefined : siteTiers.get(tierId);
    if (!tier || tier.type !== 'paid') {
      problems.push({ where, message: `Its tier “${offer.tier}” is not a paid tier of this site; the offer is left out.` });
      continue;
    }
    const prices = [tier.monthlyPrice, tier.yearlyPrice].filter((price): price is number => price !== null);
    if (offer.kind === 'amount' && (offer.currency !== tier.currency || offer.amountOff! >= Math.min(...prices))) {
      problems.push({ where, message: `Its amount off is not below the price of the tier “${tier.name}” in its currency; the offer is left out.` });
      continue;
    }
    const outcome = await importOffer(deps, site.id, { ...offer, tierId: tier.id, endsAt: offer.endsAt ? new Date(offer.endsAt) : null }, (tx, offerId) =>
      recordItems(tx, scope, 'offer', [{ sourceKey: offer.code, targetId: offerId }]),
    );
    if (outcome.made === 'code-taken') {
      problems.push({ where, message: `This site already has an offer with the code “${offer.code}”; the offer is left out. Make it again under another code.` });
      continue;
    }
    made += 1;
    if (outcome.made === 'archived-unpaid') {
      problems.push({ where, message: 'A discount needs its coupon on your Stripe account, and this site cannot take payments yet: the offer came in archived. Connect Stripe, then unarchive it in Earn: its coupon is made then.' });
    } else if (outcome.made === 'archived-coupon-refused') {
      problems.push({ where, message: 'Stripe refused to make the discount’s coupon on your account: the offer came in archived. Make it again from Earn.' });
    }
  }
  await addProblems(deps.db, scope.importId, problems);
  if (made > 0) await deps.siteChanged(site.id);
  return made;
}
