/**
 * The members side of an import's run (docs/decisions/161): the plan
 * (plan-members.ts) written in slices of 250, each slice one
 * transaction, so a run killed halfway keeps whole slices and its resumption
 * finds them recorded (import-items.ts) and adds nothing twice. Accounts are
 * made with no password (as the members CSV does) and recorded only when this
 * import made them; memberships go through the memberships room. A linked
 * member keeps their subscription: nothing is created at Stripe, and its price
 * is mapped to the tier (`tier_stripe_prices`) so later events find it.
 */
import { inArray } from 'drizzle-orm';
import type { ImportSource } from '../../../common/api/imports.ts';
import type { Database } from '../../../db/connect.ts';
import { users } from '../../../db/schema.ts';
import { buildNewUser } from '../../auth/index.ts';
import type { Clock } from '../../clock.ts';
import { enqueueMail } from '../../mail/index.ts';
import { importMemberships, mapStripePrices, type ImportedMembership } from '../../memberships/index.ts';
import type { Site } from '../../sites/index.ts';
import { findItems, recordItems, type ImportScope } from '../import-items.ts';
import { letRequestsIn } from '../let-requests-in.ts';
import type { MemberPlan, PlannedImportMember } from './member-plan.ts';
import { siteTiersFor, type TierResolver } from './resolve-import-tiers.ts';

/**
 * Members a transaction. On embedded PGlite a statement runs on the server's own thread, so a slice is also how
 * long requests wait: 1,000 held the studio unanswered for seconds at a time during a 50,000-member import.
 */
const SLICE = 250;
/** A patron whose next charge date is unknown, or already past, is comped this long. */
const PATRON_COMP_DAYS = 31;

const SOURCE_WORDS: Record<ImportSource, string> = {
  substack: 'Substack',
  ghost: 'Ghost',
  wordpress: 'WordPress',
  patreon: 'Patreon',
  mailchimp: 'Mailchimp',
  platform: 'an export of this platform',
};

export interface WriteMembersDeps {
  db: Database;
  clock: Clock;
}

export interface MembersWritten {
  members: number;
  linkedSubscriptions: number;
  compedPatrons: number;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** What the membership of a planned member is, on the tiers the creator chose. */
function membershipOf(member: PlannedImportMember, userId: string, tiers: TierResolver, source: ImportSource, now: Date): ImportedMembership {
  const from = `Imported from ${SOURCE_WORDS[source]}`;
  const base = { userId, note: member.note, labels: member.labels, subscribedToEmails: member.subscribedToEmails, joinedAt: member.joinedAt };
  const { standing } = member;
  const free = { ...base, tierId: tiers.free.id, status: 'active' as const, source: 'import' as const, detail: from };
  if (standing.kind === 'free') return free;
  const tier = tiers.paidFor(member.choice);
  if (standing.kind === 'ended') return { ...base, tierId: tiers.anyFor(member.choice).id, status: standing.status, source: 'import', endedAt: now, detail: from };
  // A plan mapped to no paid tier (the creator chose the free tier, or the site has none) comes in free.
  if (!tier) return free;
  if (standing.kind === 'linked') {
    const { subscription } = standing;
    return {
      ...base,
      tierId: tier.id,
      status: subscription.status,
      source: 'stripe',
      stripe: {
        customerId: subscription.customerId,
        subscriptionId: subscription.subscriptionId,
        cadence: subscription.cadence,
        amount: subscription.amount,
        currency: subscription.currency,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      },
      detail: `${from} and linked to their Stripe subscription`,
    };
  }
  const until = standing.patron && !(standing.until && standing.until > now) ? new Date(now.getTime() + PATRON_COMP_DAYS * 86_400_000) : standing.until;
  return { ...base, tierId: tier.id, status: 'comped', source: 'import', compExpiresAt: until, detail: until ? `${from}, comped on ${tier.name} until ${day(until)}` : `${from}, comped on ${tier.name}` };
}

export async function writeMembers(
  deps: WriteMembersDeps,
  scope: ImportScope,
  site: Site,
  plan: MemberPlan,
  tierMap: Record<string, string>,
  options: { invitePatrons: boolean },
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<MembersWritten> {
  const { db, clock } = deps;
  const tiers = await siteTiersFor(db, site.id, tierMap, plan.tierChoices);
  const written: MembersWritten = { members: 0, linkedSubscriptions: 0, compedPatrons: 0 };
  const total = plan.accepted.length;

  // Mapped first: a webhook of a linked subscription arriving mid-run already finds its tier.
  const prices = new Map<string, { priceId: string; tierId: string; cadence: 'month' | 'year' }>();
  for (const member of plan.accepted) {
    const tier = member.standing.kind === 'linked' ? tiers.paidFor(member.choice) : undefined;
    if (tier && member.standing.kind === 'linked') prices.set(member.standing.subscription.priceId, { priceId: member.standing.subscription.priceId, tierId: tier.id, cadence: member.standing.subscription.cadence });
  }
  await db.transaction((tx) => mapStripePrices(tx, site.id, [...prices.values()]));

  for (let start = 0; start < total; start += SLICE) {
    const slice = plan.accepted.slice(start, start + SLICE);
    // Between slices, what waits on this server runs: on PGlite nothing else would until the last slice.
    await letRequestsIn();
    const now = clock();
    await db.transaction(async (tx) => {
      const done = await findItems(tx, scope, 'member', slice.map((member) => member.email));
      const todo = slice.filter((member) => !done.has(member.email));
      if (todo.length === 0) return;
      const made = await tx
        .insert(users)
        .values(todo.map((member) => ({ ...buildNewUser({ email: member.email, fullName: member.name, niche: '', passwordHash: null, emailVerified: false, now }), role: 'member' as const })))
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, email: users.email });
      await recordItems(tx, scope, 'user', made.map((user) => ({ sourceKey: user.email, targetId: user.id })));
      // Within the slice too: on a loaded machine one slice's statements took 2-7 s on PGlite, past the 5 s a
      // waiting request's idle keep-alive connection is kept. A request let in waits for the commit, not for the loop.
      await letRequestsIn();
      const ids = new Map(made.map((user) => [user.email, user.id]));
      // Only the addresses that had an account are looked up (write-import.ts says why the whole slice is not).
      const existing = todo.map((member) => member.email).filter((email) => !ids.has(email));
      if (existing.length > 0) for (const user of await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, existing))) ids.set(user.email, user.id);

      const rows = todo.map((member) => ({ member, row: membershipOf(member, ids.get(member.email)!, tiers, scope.source, now) }));
      const memberships = await importMemberships(tx, site.id, rows.map(({ row }) => row), now);
      await letRequestsIn();
      const byUser = new Map(rows.map((entry) => [entry.row.userId, entry]));
      await recordItems(tx, scope, 'member', memberships.map((membership) => ({ sourceKey: byUser.get(membership.userId)!.member.email, targetId: membership.id })));
      for (const membership of memberships) {
        const { member, row } = byUser.get(membership.userId)!;
        written.members += 1;
        if (row.stripe) written.linkedSubscriptions += 1;
        const patron = member.standing.kind === 'comped' && member.standing.patron && row.status === 'comped';
        if (patron) written.compedPatrons += 1;
        if (patron && options.invitePatrons) await enqueueMail(tx, { recipient: member.email, template: 'patron-invitation', userId: row.userId, siteId: site.id }, now);
      }
    });
    await onProgress(Math.min(start + SLICE, total), total);
  }
  return written;
}
