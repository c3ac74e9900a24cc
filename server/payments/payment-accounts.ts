/**
 * The creator's own Stripe account (DESIGN.md "Members and money", "The
 * creator's first hour"): through Connect (Standard), made once per site and
 * onboarded through Stripe's Account Links; or reached with the creator's own
 * key (own-key.ts). Its state is kept in `payment_accounts` from Stripe's
 * answers and `account.updated` webhooks, and every room reaches the account
 * through the site's Stripe client given here (site-stripe.ts). Nothing here
 * takes a fee: members pay the creator directly.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { PaymentAccountView, PaymentsStatus } from '../../common/api/payments.ts';
import type { Database } from '../../db/connect.ts';
import { sites } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { SecretBox } from '../secrets/index.ts';
import { findSiteByOwner, type SiteChanged } from '../sites/index.ts';
import { createOwnKeyService, type PayingMembers } from './own-key.ts';
import { createSiteStripe, sealedContext, type SiteStripe } from './site-stripe.ts';
import { isKeyRefused, stripeFailure, type StripeClient } from './stripe-client.ts';
import type { WebhookHandlers } from './webhook-handlers.ts';

/** What the tiers and joining work ask: may this site take money now, on which account, and through which client. */
export interface PaymentsReadiness {
  ready: boolean;
  stripeAccountId?: string;
  /** Set when ready. */
  stripe?: SiteStripe;
}

/**
 * `executor`: the caller's transaction when it asks from inside one. A read through the app's `db`
 * there waits for that very transaction on the embedded database's one connection (PGlite), and
 * never ends.
 */
export type PaymentsReady = (siteId: string, executor?: Database) => Promise<PaymentsReadiness>;

/** The site's Stripe client for an account id (a webhook names the account); undefined when no site here reaches it. */
export type StripeForAccount = (stripeAccountId: string, executor?: Database) => Promise<SiteStripe | undefined>;

/** The site's Stripe client, ready or not (billing an existing member needs no `chargesEnabled`); undefined when it has none. */
export type StripeForSite = (siteId: string, executor?: Database) => Promise<SiteStripe | undefined>;

export interface PaymentAccountsDeps {
  db: Database;
  /** The platform's client (Connect); undefined when STRIPE_SECRET_KEY is unset: creators connect their own keys. */
  stripe: StripeClient | undefined;
  /** STRIPE_API_URL: where creators' own keys are used. */
  stripeApiUrl: URL;
  secretBox: SecretBox;
  /** The Stripe event types the webhook handlers act on (what a creator's endpoint subscribes to). */
  webhookEvents: () => string[];
  appUrl: URL;
  clock: Clock;
  logger: Logger;
  siteChanged: SiteChanged;
  /** How many members of a site a Stripe subscription still bills: disconnecting a key waits for none (own-key.ts). */
  payingMembers: PayingMembers;
}

type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

/** The account as Stripe has it now; null once the platform can no longer see it (disconnected or deleted), so its news is dropped, not retried for days. */
async function currentAccount(site: SiteStripe, accountId: string): Promise<Stripe.Account | null> {
  try {
    // With the creator's own key the account is the key's own (GET /v1/account); under Connect, the platform asks for it.
    return await (site.stripeAccount ? site.client.accounts.retrieve(accountId) : site.client.accounts.retrieveCurrent());
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
    mode: row.mode,
    accountId: row.stripeAccountId,
    name: row.accountName,
    keyStatus: row.mode === 'key' ? (row.keyRefusedAt ? 'refused' : 'active') : null,
    chargesEnabled: row.chargesEnabled,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
    requirementsDue: row.requirementsDue,
    defaultCurrency: row.defaultCurrency,
  };
}

/** A row of the creator's own key once disconnected: the account is remembered, nothing reaches it. */
const isForgotten = (row: PaymentAccountRow) => row.mode === 'key' && !row.secretKey;

export function createPaymentAccountsService({ db, stripe, stripeApiUrl, secretBox, webhookEvents, appUrl, clock, logger, siteChanged, payingMembers }: PaymentAccountsDeps) {
  const siteStripe = createSiteStripe({ platform: stripe, apiUrl: stripeApiUrl, secretBox });

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

  /** Stripe no longer takes the site's own key: said in the studio, and paid joins stop until a new key is pasted. */
  async function markKeyRefused(siteId: string): Promise<void> {
    const marked = await db
      .update(paymentAccounts)
      .set({ keyRefusedAt: clock(), updatedAt: clock() })
      .where(and(eq(paymentAccounts.siteId, siteId), eq(paymentAccounts.mode, 'key'), isNull(paymentAccounts.keyRefusedAt)))
      .returning({ siteId: paymentAccounts.siteId });
    if (marked.length > 0) {
      logger.warn({ siteId }, 'Stripe refused the creator\'s saved key (revoked or expired); paid joins stop until a new key is pasted');
      await siteChanged(siteId);
    }
  }

  /** The account as Stripe has it now, read with the site's client: Connect asks for the connected account, an own key for its own. */
  async function retrieveAccount(row: PaymentAccountRow, site: SiteStripe): Promise<Stripe.Account> {
    return row.mode === 'key' ? site.client.accounts.retrieveCurrent() : site.client.accounts.retrieve(row.stripeAccountId);
  }

  /** GET /api/payments/status: Stripe's word on the account, kept in the row; the row's when Stripe cannot be reached. */
  async function status(ownerId: string): Promise<PaymentsStatus> {
    const configured = stripe !== undefined;
    const site = await siteOf(ownerId);
    const row = await rowOf(site.id);
    if (!row || isForgotten(row)) return { configured, account: null };
    const client = siteStripe.ofRow(row);
    if (!client && row.mode === 'key') {
      // Sealed under another APP_SECRET (changed, or lost with no backup): said as a key that no longer works, pasted again.
      logger.error({ siteId: site.id }, 'The saved Stripe key of this site does not open with this APP_SECRET (changed or lost?); the creator must paste it again');
      await markKeyRefused(site.id);
      return { configured, account: toView({ ...row, keyRefusedAt: row.keyRefusedAt ?? clock() }) };
    }
    if (!client) return { configured, account: toView(row) };
    try {
      const account = await retrieveAccount(row, client);
      const saved = await saveState(db, row.stripeAccountId, account);
      if (row.keyRefusedAt) {
        // Stripe takes the key again (a key briefly expired, then restored): the site may take money again.
        await db.update(paymentAccounts).set({ keyRefusedAt: null }).where(eq(paymentAccounts.siteId, site.id));
        await siteChanged(site.id);
        return { configured, account: toView({ ...(saved ?? row), keyRefusedAt: null }) };
      }
      return { configured, account: toView(saved ?? row) };
    } catch (error) {
      if (row.mode === 'key' && isKeyRefused(error)) {
        await markKeyRefused(site.id);
        return { configured, account: toView({ ...row, keyRefusedAt: row.keyRefusedAt ?? clock() }) };
      }
      logger.warn({ err: error, siteId: site.id }, 'Stripe account state unavailable; showing the last known state');
      return { configured, account: toView(row) };
    }
  }

  /** For other features (tiers, joining): may this site take payments now, on which account and through which client. Reads the row only. */
  async function paymentsReady(siteId: string, executor: Database = db): Promise<PaymentsReadiness> {
    const row = await rowOf(siteId, executor);
    if (!row || row.keyRefusedAt) return { ready: false };
    const client = siteStripe.ofRow(row);
    if (!client) return { ready: false };
    return row.chargesEnabled ? { ready: true, stripeAccountId: row.stripeAccountId, stripe: client } : { ready: false, stripeAccountId: row.stripeAccountId };
  }

  const stripeForSite: StripeForSite = async (siteId, executor = db) => {
    const row = await rowOf(siteId, executor);
    return row ? siteStripe.ofRow(row) : undefined;
  };

  const stripeForAccount: StripeForAccount = async (stripeAccountId, executor = db) => {
    const [row] = await executor.select().from(paymentAccounts).where(eq(paymentAccounts.stripeAccountId, stripeAccountId)).limit(1);
    return row ? siteStripe.ofRow(row) : undefined;
  };

  /** The signing secret of the site's own webhook endpoint, and its account; undefined when the site has none (no key, or disconnected). */
  async function siteWebhookSecret(siteId: string): Promise<{ secret: string; stripeAccountId: string } | undefined> {
    const row = await rowOf(siteId);
    if (!row || row.mode !== 'key' || !row.webhookSecret) return undefined;
    try {
      return { secret: secretBox.open(row.webhookSecret, sealedContext.webhookSecret(siteId)), stripeAccountId: row.stripeAccountId };
    } catch {
      // Sealed under another APP_SECRET: nothing to verify with until the creator pastes the key again (a new endpoint).
      logger.error({ siteId }, 'The webhook signing secret of this site does not open with this APP_SECRET; its events are refused until the key is pasted again');
      return undefined;
    }
  }

  const ownKey = createOwnKeyService({ db, clock, logger, appUrl, secretBox, siteStripe, webhookEvents, siteChanged, siteOf: (ownerId) => siteOf(ownerId), status, payingMembers });

  const webhookHandlers: Pick<WebhookHandlers, 'connect'> = {
    connect: {
      'account.updated': async (event, tx) => {
        const sent = event.data.object as Stripe.Account;
        const accountId = event.account ?? sent.id;
        // Events can arrive late and out of order: the payload only names the account; its state is read as it is now.
        const site = await stripeForAccount(accountId, tx);
        const current = site ? await currentAccount(site, accountId) : sent;
        const saved = current ? await saveState(tx, accountId, current) : undefined;
        // Whether the site can take money decides what its pages offer.
        if (saved) await siteChanged(saved.siteId, tx);
      },
    },
  };

  return { connect, status, paymentsReady, stripeForSite, stripeForAccount, markKeyRefused, siteWebhookSecret, saveKey: ownKey.saveKey, disconnectKey: ownKey.disconnect, endpointsRemoval: ownKey.endpointsRemoval, webhookHandlers };
}

export type PaymentAccountsService = ReturnType<typeof createPaymentAccountsService>;
