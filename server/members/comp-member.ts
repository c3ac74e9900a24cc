/**
 * Comping a member: the creator puts them on a tier for free until a date, or for good
 * (server/memberships writes it). A member whom Stripe still bills is refused: comping them
 * would leave the card charged for what is now free. Remove (cancel) first.
 */
import { and, eq } from 'drizzle-orm';
import type { MemberDetail } from '../../common/api/members.ts';
import type { CompInput } from '../../common/member-schemas.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { compMembership } from '../memberships/index.ts';
import type { Site } from '../sites/index.ts';
import { findMemberRow, memberDetail, notFound, paysThroughStripe } from './member-detail.ts';

/** YYYY-MM-DD means the start of that day (UTC): "comped until 1 March" ends as March begins. */
function parseUntil(until: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(until) ? `${until}T00:00:00Z` : until);
}

export async function compMember({ db, clock }: { db: Database; clock: Clock }, site: Site, id: string, input: CompInput): Promise<MemberDetail> {
  const row = await findMemberRow(db, site.id, id);
  if (paysThroughStripe(row)) throw new AppError('member-pays-through-stripe', 409);
  const [tier] = await db.select().from(tiers).where(and(eq(tiers.id, input.tierId), eq(tiers.siteId, site.id)));
  if (!tier) throw notFound();
  const now = clock();
  const until = input.until ? parseUntil(input.until) : null;
  if (until && until <= now) throw new AppError('invalid-input', 400);
  // Stripe may have begun billing them since the check above: the write checks again.
  const outcome = await db.transaction((tx) => compMembership(tx, { membershipId: id, siteId: site.id, tier, until, now }));
  if (outcome === 'billed-by-stripe') throw new AppError('member-pays-through-stripe', 409);
  return memberDetail(db, site.id, id);
}
