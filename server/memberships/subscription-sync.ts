/**
 * Memberships kept true by Stripe (docs/decisions/052-memberships-from-the-current-subscription.md).
 * Whatever event arrives, we read the subscription as it is NOW on the
 * creator's connected account and set the membership from it, so events that
 * come twice or out of order end in the same state. A subscription whose price
 * belongs to no tier of the site that owns the account (neither the tier's own
 * nor one an import mapped to it, stripe-price-tiers.ts) is ignored. Each change
 * writes one membership_events row (a move to another tier as upgraded or
 * downgraded, tier-change.ts); a payment is counted once per invoice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { ENTITLING_STATUSES, type Cadence, type MembershipEventKind, type MembershipStatus } from '../../common/memberships.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { membershipEvents } from '../../db/money-schema.ts';
import type { NoteNewMember } from '../member-notices/index.ts';
import { currentSubscription, type StripeForAccount } from '../payments/index.ts';
import { recordMembershipEvent, type HistoryExtra } from './membership-history.ts';
import { tierOfStripePrice } from './stripe-price-tiers.ts';
import { tierChangeKind } from './tier-change.ts';

type MembershipRow = typeof memberships.$inferSelect;

/** Stripe's subscription statuses to ours; `incomplete` (first payment not made) opens nothing and makes no membership. */
const STATUS: Partial<Record<Stripe.Subscription.Status, MembershipStatus>> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  canceled: 'canceled',
  unpaid: 'expired',
  incomplete_expired: 'expired',
};

const entitles = (status: MembershipStatus | undefined) => status !== undefined && ENTITLING_STATUSES.includes(status);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

async function lockedMembership(tx: Database, siteId: string, where: ReturnType<typeof eq>): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.siteId, siteId), where))
    .for('update')
    .limit(1);
  return row;
}

const recordEvent = (tx: Database, membership: MembershipRow, kind: MembershipEventKind, extra: HistoryExtra = {}) => recordMembershipEvent(tx, membership, kind, extra);

/** Upgraded or downgraded: what the member paid on the tier they left against what they pay now (a subscription's tier is always paid). */
async function directionOf(tx: Database, before: MembershipRow, after: MembershipRow) {
  const [left] = await tx.select({ type: tiers.type }).from(tiers).where(eq(tiers.id, before.tierId));
  return tierChangeKind({ tierType: left?.type ?? 'paid', amount: before.amount, cadence: before.cadence, currency: before.currency }, { tierType: 'paid', amount: after.amount, cadence: after.cadence, currency: after.currency });
}

/**
 * A membership Stripe does not run (comped, free, imported) is left alone by a
 * subscription that does not entitle, and a comp by the subscription it was
 * given over in every state (docs/decisions/068): that subscription's events,
 * late, retried or out of order, never undo what the creator chose. A new
 * subscription that entitles (the member pays again) still takes over.
 */
function overridesStripe(current: MembershipRow, subscriptionId: string, status: MembershipStatus): boolean {
  if (current.source === 'stripe') return false;
  return !entitles(status) || (current.status === 'comped' && current.stripeSubscriptionId === subscriptionId);
}

export interface SubscriptionSync {
  /** Sets the membership from the subscription as Stripe has it now; answers the membership, or undefined when the subscription is not one of ours. */
  apply(tx: Database, account: string, subscriptionId: string, userHint?: string): Promise<MembershipRow | undefined>;
  /** A paid invoice of a subscription: the membership first, then the payment, once per invoice. */
  invoicePaid(tx: Database, account: string, invoice: Stripe.Invoice): Promise<void>;
  invoiceFailed(tx: Database, account: string, invoice: Stripe.Invoice): Promise<void>;
}

/** `noteNewMember` hears of each member who starts paying, for the creator's notices (server/member-notices). */
export function createSubscriptionSync({ stripeForAccount, clock, noteNewMember }: { stripeForAccount: StripeForAccount; clock: () => Date; noteNewMember: NoteNewMember }): SubscriptionSync {
  async function apply(tx: Database, account: string, subscriptionId: string, userHint?: string): Promise<MembershipRow | undefined> {
    // Two events of one subscription at once (two servers, or Stripe's retry beside the first delivery) take turns
    // from here: the second reads Stripe after the first committed, finds its change made, and records nothing again.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscription ${account} ${subscriptionId}`}, 0))`);
    // The site's own key or the platform's Connect client, whichever reaches this account (docs/decisions/144).
    const site = await stripeForAccount(account, tx);
    if (!site) return undefined;
    const subscription = await currentSubscription(site.client, subscriptionId, site.stripeAccount);
    if (!subscription) return undefined;
    const item = subscription.items.data[0];
    const status = STATUS[subscription.status];
    if (!item || !status) return undefined;
    const owner = await tierOfStripePrice(tx, account, item.price);
    if (!owner) return undefined;
    const now = clock();
    const cadence: Cadence = item.price.recurring?.interval === 'year' ? 'year' : 'month';

    const bySubscription = await lockedMembership(tx, owner.siteId, eq(memberships.stripeSubscriptionId, subscription.id));
    const userId = bySubscription?.userId ?? subscription.metadata.userId ?? userHint;
    if (!userId) return undefined;
    let current = bySubscription ?? (await lockedMembership(tx, owner.siteId, eq(memberships.userId, userId)));
    // An old subscription's late news must not undo the member's newer one.
    if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== subscription.id && !entitles(status)) return current;
    if (current && overridesStripe(current, subscription.id, status)) return current;

    const wanted = {
      tierId: owner.tierId,
      status,
      source: 'stripe' as const,
      cadence,
      amount: item.price.unit_amount,
      currency: item.price.currency,
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      stripeCustomerId: idOf(subscription.customer) ?? null,
      stripeSubscriptionId: subscription.id,
      compExpiresAt: null,
      endedAt: entitles(status) ? null : (current?.endedAt ?? (subscription.ended_at ? new Date(subscription.ended_at * 1000) : now)),
      updatedAt: now,
    };
    if (!current) {
      const [inserted] = await tx
        .insert(memberships)
        .values({ siteId: owner.siteId, userId, ...wanted, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (inserted) {
        if (entitles(status)) {
          await recordEvent(tx, inserted, 'joined', { stripeObjectId: subscription.id, detail: 'Paid membership started' });
          await noteNewMember(tx, { siteId: owner.siteId, membershipId: inserted.id, kinds: ['member', 'paying'], occurredAt: now });
        }
        return inserted;
      }
      // Another delivery made it a moment ago: take the lock and carry on as an update.
      current = await lockedMembership(tx, owner.siteId, eq(memberships.userId, userId));
      if (!current) return undefined;
    }

    const [updated] = await tx.update(memberships).set(wanted).where(eq(memberships.id, current.id)).returning();
    const after = updated!;
    const wasEntitled = entitles(current.status);
    // Paying is news whether the member is new, came back, or moved up from the free tier or a comp.
    if (entitles(status) && !(wasEntitled && current.source === 'stripe')) {
      await noteNewMember(tx, { siteId: owner.siteId, membershipId: after.id, kinds: wasEntitled ? ['paying'] : ['member', 'paying'], occurredAt: now });
    }
    if (!wasEntitled && entitles(status)) await recordEvent(tx, after, 'joined', { stripeObjectId: subscription.id, detail: 'Paid membership started' });
    else if (wasEntitled && !entitles(status)) await recordEvent(tx, after, 'ended', { stripeObjectId: subscription.id, detail: status === 'expired' ? 'Unpaid: the subscription expired' : 'Subscription ended' });
    else if (wasEntitled && current.tierId !== after.tierId) await recordEvent(tx, after, await directionOf(tx, current, after), { stripeObjectId: subscription.id });
    if (entitles(status) && current.stripeSubscriptionId === subscription.id && current.cancelAtPeriodEnd !== after.cancelAtPeriodEnd) {
      await recordEvent(tx, after, after.cancelAtPeriodEnd ? 'renewal-canceled' : 'renewal-resumed', { stripeObjectId: subscription.id });
    }
    return after;
  }

  /** Whether this invoice already wrote a history row of this kind (Stripe may send it twice under two event ids). */
  async function alreadyRecorded(tx: Database, membershipId: string, kind: MembershipEventKind, invoiceId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: membershipEvents.id })
      .from(membershipEvents)
      .where(and(eq(membershipEvents.membershipId, membershipId), eq(membershipEvents.kind, kind), eq(membershipEvents.stripeObjectId, invoiceId)))
      .limit(1);
    return row !== undefined;
  }

  async function membershipOfInvoice(tx: Database, account: string, invoice: Stripe.Invoice): Promise<MembershipRow | undefined> {
    const subscriptionId = subscriptionOfInvoice(invoice);
    return subscriptionId ? apply(tx, account, subscriptionId) : undefined;
  }

  return {
    apply,

    async invoicePaid(tx, account, invoice) {
      const membership = await membershipOfInvoice(tx, account, invoice);
      if (!membership || !invoice.id || invoice.amount_paid <= 0) return;
      if (await alreadyRecorded(tx, membership.id, 'payment', invoice.id)) return;
      await recordEvent(tx, membership, 'payment', { amount: invoice.amount_paid, currency: invoice.currency, stripeObjectId: invoice.id, detail: 'Payment received' });
      await tx
        .update(memberships)
        .set({ lifetimeValue: sql`${memberships.lifetimeValue} + ${invoice.amount_paid}` })
        .where(eq(memberships.id, membership.id));
    },

    async invoiceFailed(tx, account, invoice) {
      const membership = await membershipOfInvoice(tx, account, invoice);
      if (!membership || !invoice.id) return;
      if (await alreadyRecorded(tx, membership.id, 'payment-failed', invoice.id)) return;
      await recordEvent(tx, membership, 'payment-failed', { amount: invoice.amount_due, currency: invoice.currency, stripeObjectId: invoice.id, detail: 'The payment failed; Stripe retries it' });
    },
  };
}

/** Where the API version of SDK v23 puts an invoice's subscription; older payloads kept it at the top. */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
}
