/**
 * The creator's own Stripe account (Connect, Standard; DESIGN.md "Members and
 * money"): made once per site, onboarded through Stripe's Account Links, its
 * state kept in `payment_accounts` from Stripe's answers and `account.updated`
 * webhooks. Nothing here takes a fee: members pay the creator directly.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { PaymentAccountView, PaymentsStatus } from '../../common/api/payments.ts';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { findSiteByOwner, type SiteChanged } from '../sites/index.ts';
import { stripeFailure, type StripeClient } from './stripe-client.ts';
import type { WebhookHandlers } from './webhook-handlers.ts';

/** What the tiers and joining work ask: may this site take money now, and on which connected account. */
export interface PaymentsReadiness {
  ready: boolean;
  stripeAccountId?: string;
}

/**
 * `executor`: the caller's transaction when it asks from inside one. A read through the app's `db`
 * there waits for that very transaction on the embedded database's one connection (PGlite), and
 * never ends.
 */
export type PaymentsReady = (siteId: string, executor?: Database) => Promise<PaymentsReadiness>;

export interface PaymentAccountsDeps {
  db: Database;
  /** Undefined when STRIPE_SECRET_KEY is unset: paid tiers are off. */
  stripe: StripeClient | undefined;
  appUrl: URL;
  clock: Clock;
  logger: Logger;
  siteChanged: SiteChanged;
}

type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

/** The account as Stripe has it now; null once the platform can no longer see it (disconnected or deleted), so its news is dropped, not retried for days. */
async function currentAccount(stripe: StripeClient, accountId: string): Promise<Stripe.Account | null> {
  try {
    return await stripe.accounts.retrieve(accountId);
  } catch (error) {
    const { code, type } = error as { code?: string; type?: string };
    if (code === 'resource_missing' || type === 'StripePermissionError') return null;
    throw error;
  }
}

function stateOf(account: Stripe.Account) {
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: account.requirements?.currently_due ?? [],
    defaultCurrency: account.default_currency ?? null,
  };
}

function toView(row: PaymentAccountRow): PaymentAccountView {
  return {
    chargesEnabled: row.chargesEnabled,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
    requirementsDue: row.requirementsDue,
    defaultCurrency: row.defaultCurrency,
  };
}

export function createPaymentAccountsService({ db, stripe, appUrl, clock, logger, siteChanged }: PaymentAccountsDeps) {
  function requireStripe(): StripeClient {
    if (!stripe) throw new AppError('payments-not-configured', 409);
    return stripe;
  }

  async function siteOf(ownerId: string) {
    const site = await findSiteByOwner(db, ownerId);
    if (!site) throw new AppError('site-required', 409);
    return site;
  }

  async function rowOf(siteId: string, executor: Database = db): Promise<PaymentAccountRow | undefined> {
    const [row] = await executor.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, siteId)).limit(1);
    return row;
  }

  async function saveState(database: Database, stripeAccountId: string, account: Stripe.Account): Promise<PaymentAccountRow | undefined> {
    const [row] = await database
      .update(paymentAccounts)
      .set({ ...stateOf(account), updatedAt: clock() })
      .where(eq(paymentAccounts.stripeAccountId, stripeAccountId))
      .returning();
    return row;
  }

  /** The site's account, made on the first call; the site's row lock makes two first calls at once make one. */
  async function ensureAccount(siteId: string, client: StripeClient): Promise<string> {
    return db.transaction(async (tx) => {
      await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId)).for('update');
      const [existing] = await tx.select({ stripeAccountId: paymentAccounts.stripeAccountId }).from(paymentAccounts).where(eq(paymentAccounts.siteId, siteId));
      if (existing) return existing.stripeAccountId;
      // The key makes a retry after a lost answer (or a rolled-back insert) get the same account, not a second one.
      const account = await client.accounts.create({ type: 'standard', metadata: { siteId } }, { idempotencyKey: `connect-site-${siteId}` }).catch(stripeFailure);
      await tx.insert(paymentAccounts).values({ siteId, stripeAccountId: account.id, ...stateOf(account) });
      return account.id;
    });
  }

  /** POST /api/payments/connect: the Account Link that onboards (or resumes onboarding of) the creator's account. */
  async function connect(ownerId: string): Promise<{ url: string }> {
    const client = requireStripe();
    const site = await siteOf(ownerId);
    const account = await ensureAccount(site.id, client);
    const back = (state: string) => new URL(`/settings/advanced?stripe=${state}`, appUrl).href;
    // Stripe unreachable here keeps the account made above: the next try reuses it and asks for a new link.
    const link = await client.accountLinks.create({ account, type: 'account_onboarding', return_url: back('return'), refresh_url: back('refresh') }).catch(stripeFailure);
    return { url: link.url };
  }

  /** GET /api/payments/status: Stripe's word on the account, kept in the row; the row's when Stripe cannot be reached. */
  async function status(ownerId: string): Promise<PaymentsStatus> {
    if (!stripe) return { configured: false, account: null };
    const site = await siteOf(ownerId);
    const row = await rowOf(site.id);
    if (!row) return { configured: true, account: null };
    try {
      const account = await stripe.accounts.retrieve(row.stripeAccountId);
      return { configured: true, account: toView((await saveState(db, row.stripeAccountId, account)) ?? row) };
    } catch (error) {
      logger.warn({ err: error, siteId: site.id }, 'Stripe account state unavailable; showing the last known state');
      return { configured: true, account: toView(row) };
    }
  }

  /** For other features (tiers, joining): may this site take payments now, and on which account. Reads the row only. */
  async function paymentsReady(siteId: string, executor: Database = db): Promise<PaymentsReadiness> {
    if (!stripe) return { ready: false };
    const row = await rowOf(siteId, executor);
    if (!row) return { ready: false };
    return { ready: row.chargesEnabled, stripeAccountId: row.stripeAccountId };
  }

  const webhookHandlers: Pick<WebhookHandlers, 'connect'> = {
    connect: {
      'account.updated': async (event, tx) => {
        const sent = event.data.object as Stripe.Account;
        const accountId = event.account ?? sent.id;
        // Events can arrive late and out of order: the payload only names the account; its state is read as it is now.
        const current = stripe ? await currentAccount(stripe, accountId) : sent;
        const saved = current ? await saveState(tx, accountId, current) : undefined;
        // Whether the site can take money decides what its pages offer.
        if (saved) await siteChanged(saved.siteId, tx);
      },
    },
  };

  return { connect, status, paymentsReady, webhookHandlers };
}

export type PaymentAccountsService = ReturnType<typeof createPaymentAccountsService>;
