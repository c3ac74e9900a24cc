/**
 * The creator's plan on the platform (issue 10 item 7, docs/decisions/057):
 * the trial that starts with the site, the flat fee billed on the operator's
 * own Stripe account (no `stripeAccount`: this is the platform's money, not
 * the creator's), and the one question the studio asks of it: may this
 * creator publish? With the fee off, or no Stripe to charge it, the answer is
 * always yes and nothing is ever asked.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PlatformPlanView } from '../../common/api/platform-plan.ts';
import { daysUntil, PUBLISHING_STATUSES } from '../../common/platform-plan.ts';
import type { Database } from '../../db/connect.ts';
import { posts, sites } from '../../db/content-schema.ts';
import { platformPlans } from '../../db/money-schema.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { PlatformPlanConfig } from '../config/index.ts';
import { AppError } from '../errors.ts';
import type { StripeClient } from '../payments/index.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { findOrCreatePlanPrice } from './plan-price.ts';
import { effectiveStatus } from './plan-state.ts';
import type { Transaction } from '../../db/transaction.ts';

type PlanRow = typeof platformPlans.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe refuses a Checkout `trial_end` less than two days ahead; a shorter remainder is simply not carried over. */
const MIN_CARRIED_TRIAL_MS = 2 * DAY_MS + 60 * 60 * 1000;

export interface PlatformPlanDeps {
  db: Database;
  clock: Clock;
  plan: PlatformPlanConfig;
  /** Undefined without STRIPE_SECRET_KEY: the fee cannot be charged, so it is not asked. */
  stripe: StripeClient | undefined;
  appUrl: URL;
}

export function createPlatformPlanService({ db, clock, plan, stripe, appUrl }: PlatformPlanDeps) {
  const charging = plan.feeEnabled && stripe !== undefined;

  /** Called in the transaction that makes the site: the trial starts with it. */
  async function startTrial(tx: Transaction, userId: string): Promise<void> {
    if (!plan.feeEnabled) return;
    const trialEndsAt = new Date(clock().getTime() + plan.trialDays * DAY_MS);
    await tx.insert(platformPlans).values({ userId, status: 'trialing', trialEndsAt }).onConflictDoNothing();
  }

  /** The creator's row; a site made before plans existed gets its trial from the site's own start. */
  async function planRowOf(userId: string, executor: Database = db): Promise<PlanRow | null> {
    const [row] = await executor.select().from(platformPlans).where(eq(platformPlans.userId, userId));
    if (row) return row;
    const site = await findSiteByOwner(executor, userId);
    if (!site) return null;
    const trialEndsAt = new Date(site.createdAt.getTime() + plan.trialDays * DAY_MS);
    await executor.insert(platformPlans).values({ userId, status: 'trialing', trialEndsAt }).onConflictDoNothing();
    const [made] = await executor.select().from(platformPlans).where(eq(platformPlans.userId, userId));
    return made ?? null;
  }

  async function planOf(userId: string): Promise<PlatformPlanView> {
    const now = clock();
    const base = { feeEnabled: plan.feeEnabled, stripeConfigured: stripe !== undefined, price: { amount: plan.monthlyPrice, currency: plan.currency } };
    const row = plan.feeEnabled ? await planRowOf(userId) : null;
    if (!row) {
      // The fee is off, or the creator has no site yet (the trial starts with the site): nothing to count down.
      const trialEndsAt = new Date(now.getTime() + plan.trialDays * DAY_MS);
      return { ...base, status: 'trialing', trialEndsAt: trialEndsAt.toISOString(), daysLeft: plan.trialDays, currentPeriodEnd: null, cancelAtPeriodEnd: false, hasBilling: false, canPublish: true };
    }
    const status = effectiveStatus(row, now);
    return {
      ...base,
      status,
      trialEndsAt: row.trialEndsAt.toISOString(),
      daysLeft: status === 'trialing' ? daysUntil(row.trialEndsAt, now) : 0,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      hasBilling: row.stripeCustomerId !== null,
      canPublish: !charging || PUBLISHING_STATUSES.includes(status),
    };
  }

  /** Publishing or scheduling asks this first: 402 once the trial or the paid period is over. */
  async function assertMayPublish(userId: string, executor: Database = db): Promise<void> {
    if (!charging) return;
    const row = await planRowOf(userId, executor);
    if (row && !PUBLISHING_STATUSES.includes(effectiveStatus(row, clock()))) throw new AppError('plan-required', 402);
  }

  /**
   * Posts whose site's owner may not publish at `now`, as SQL over `posts`:
   * the scheduled-post job leaves them waiting. Mirrors effectiveStatus, with a
   * site that has no plan row yet on the trial from its own start.
   */
  function heldPosts(now: Date): SQL | undefined {
    if (!charging) return undefined;
    const at = sql`${now.toISOString()}::timestamptz`;
    return sql`${posts.siteId} in (
      select ${sites.id} from ${sites} left join ${platformPlans} on ${platformPlans.userId} = ${sites.ownerId}
      where ${platformPlans.status} = 'expired'
        or (coalesce(${platformPlans.status}, 'trialing') = 'trialing'
            and coalesce(${platformPlans.trialEndsAt}, ${sites.createdAt} + make_interval(days => ${plan.trialDays})) <= ${at})
        or (${platformPlans.status} = 'canceled' and coalesce(${platformPlans.currentPeriodEnd}, ${platformPlans.trialEndsAt}) <= ${at}))`;
  }

  function requireStripe(): StripeClient {
    if (!charging || !stripe) throw new AppError('billing-not-configured', 409);
    return stripe;
  }

  async function customerFor(stripeClient: StripeClient, row: PlanRow, userId: string): Promise<string> {
    if (row.stripeCustomerId) return row.stripeCustomerId;
    const [user] = await db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('not-found', 404);
    const customer = await stripeClient.customers.create({ email: user.email, name: user.fullName, metadata: { userId } }, { idempotencyKey: `platform-customer-${userId}` });
    // Only the first call stores it; a second one racing it gets the same customer through the idempotency key.
    await db
      .update(platformPlans)
      .set({ stripeCustomerId: customer.id, updatedAt: clock() })
      .where(and(eq(platformPlans.userId, userId), sql`${platformPlans.stripeCustomerId} is null`));
    return customer.id;
  }

  /** A Checkout Session on the operator's account for the flat monthly fee. */
  async function checkout(userId: string): Promise<{ url: string }> {
    const stripeClient = requireStripe();
    const row = await planRowOf(userId);
    if (!row) throw new AppError('site-required', 409);
    const now = clock();
    const status = effectiveStatus(row, now);
    if (status === 'active' || status === 'past_due') throw new AppError('plan-exists', 409);
    const [price, customer] = await Promise.all([findOrCreatePlanPrice(stripeClient, plan), customerFor(stripeClient, row, userId)]);
    const carriesTrial = status === 'trialing' && row.trialEndsAt.getTime() - now.getTime() >= MIN_CARRIED_TRIAL_MS;
    const session = await stripeClient.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      client_reference_id: userId,
      metadata: { userId },
      subscription_data: { metadata: { userId }, ...(carriesTrial ? { trial_end: Math.floor(row.trialEndsAt.getTime() / 1000) } : {}) },
      success_url: new URL('/settings/advanced?plan=welcome', appUrl).href,
      cancel_url: new URL('/settings/advanced', appUrl).href,
    });
    if (!session.url) throw new AppError('service-unavailable', 503);
    return { url: session.url };
  }

  /** The billing portal on the operator's account, for the plan's customer. */
  async function portal(userId: string): Promise<{ url: string }> {
    const stripeClient = requireStripe();
    const row = await planRowOf(userId);
    if (!row?.stripeCustomerId) throw new AppError('not-found', 404);
    const session = await stripeClient.billingPortal.sessions.create({ customer: row.stripeCustomerId, return_url: new URL('/settings/advanced', appUrl).href });
    return { url: session.url };
  }

  return { startTrial, planOf, assertMayPublish, heldPosts, checkout, portal };
}

export type PlatformPlanService = ReturnType<typeof createPlatformPlanService>;
