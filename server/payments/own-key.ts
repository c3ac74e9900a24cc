/**
 * The creator's own Stripe key (DESIGN.md "The creator's first hour",
 * docs/decisions/144): checked with Stripe (the account it opens, and each
 * permission the platform's calls need, asked with an empty body so nothing is
 * made), sealed at rest, and its account given a webhook endpoint whose signing
 * secret is sealed too. Disconnecting is refused while members' subscriptions
 * still bill on the account (nobody here would hear of them or could cancel
 * them); otherwise it forgets the key and deletes that endpoint (best effort).
 * The account id stays, so the paid tiers and members made on it are not tied
 * to another account by mistake.
 */
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import Stripe from 'stripe';
import type { PaymentsStatus } from '../../common/api/payments.ts';
import type { Database } from '../../db/connect.ts';
import { memberships, sites, tiers } from '../../db/content-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { SecretBox } from '../secrets/index.ts';
import type { SiteChanged } from '../sites/index.ts';
import { sealedContext, type SiteStripeFactory } from './site-stripe.ts';
import { isKeyRefused, type StripeClient } from './stripe-client.ts';

/** What the platform creates with the key, as the Stripe dashboard names the permission of a restricted key. */
const NEEDED_PERMISSIONS = [
  { permission: 'Products: Write', path: '/v1/products' },
  { permission: 'Prices: Write', path: '/v1/prices' },
  { permission: 'Checkout Sessions: Write', path: '/v1/checkout/sessions' },
  { permission: 'Customer portal: Write', path: '/v1/billing_portal/sessions' },
  { permission: 'Subscriptions: Write', path: '/v1/subscriptions' },
] as const;

const invalidKey = (detail: string) => new AppError('invalid-stripe-key', 400, 'secretKey', undefined, detail);

/** Stripe's answer to a key, in the creator's words; anything but a refusal of the key is Stripe being unreachable. */
function refusal(error: unknown, permission?: string): AppError {
  if (error instanceof AppError) return error;
  if (isKeyRefused(error)) return invalidKey(`Stripe refused this key: ${(error as Error).message}`);
  if (error instanceof Stripe.errors.StripePermissionError) {
    return invalidKey(`This restricted key lacks the “${permission ?? 'Connect: Read'}” permission. Add it to the key in Stripe's dashboard, or paste a secret key.`);
  }
  return new AppError('stripe-unavailable', 502);
}

const nameOf = (account: Stripe.Account): string | null => account.settings?.dashboard?.display_name || account.business_profile?.name || account.email || null;

export interface OwnKeyDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  appUrl: URL;
  secretBox: SecretBox;
  siteStripe: SiteStripeFactory;
  /** The Stripe event types the webhook handlers act on: what the endpoint subscribes to. */
  webhookEvents: () => string[];
  siteChanged: SiteChanged;
  siteOf: (ownerId: string) => Promise<{ id: string }>;
  status: (ownerId: string) => Promise<PaymentsStatus>;
  /** How many members of the site a Stripe subscription still bills (server/memberships), read in the caller's transaction. */
  payingMembers: PayingMembers;
}

export type PayingMembers = (siteId: string, executor: Database) => Promise<number>;

/** 409 `paying-members`, naming how many and what to do first. */
function stillBilled(count: number): AppError {
  const who = count === 1 ? 'One member still pays' : `${count} members still pay`;
  return new AppError(
    'paying-members',
    409,
    undefined,
    undefined,
    `${who} through this Stripe account: disconnected, nobody here would record their payments or could cancel them. First end their subscriptions (on each member’s page in Subscribers: Remove member, “Ends now”), or wait until they have ended, then disconnect.`,
  );
}

/** `/api/webhooks/stripe/sites/:siteId`: where a site's own account sends its events. */
export const siteWebhookUrl = (appUrl: URL, siteId: string) => new URL(`/api/webhooks/stripe/sites/${siteId}`, appUrl).href;

export function createOwnKeyService({ db, clock, logger, appUrl, secretBox, siteStripe, webhookEvents, siteChanged, siteOf, status, payingMembers }: OwnKeyDeps) {
  /** The account the key opens, once each permission the platform uses has answered. */
  async function checkKey(client: StripeClient): Promise<Stripe.Account> {
    const account = await client.accounts.retrieveCurrent().catch((error: unknown) => {
      throw refusal(error);
    });
    for (const { permission, path } of NEEDED_PERMISSIONS) {
      // An empty body: Stripe checks the key's permission first, then answers 400 for the missing parameters. Nothing is made.
      await client.rawRequest('POST', path, {}).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
          throw refusal(error, permission);
        },
      );
    }
    return account;
  }

  /** Refuses an account another site here uses, or one other than the account this site's paid tiers and members live on. */
  async function assertAccountFits(executor: Database, siteId: string, accountId: string): Promise<void> {
    const [elsewhere] = await executor
      .select({ siteId: paymentAccounts.siteId })
      .from(paymentAccounts)
      .where(and(eq(paymentAccounts.stripeAccountId, accountId), ne(paymentAccounts.siteId, siteId)))
      .limit(1);
    if (elsewhere) throw invalidKey('This Stripe account is already connected to another site on this server.');
    const [current] = await executor.select({ accountId: paymentAccounts.stripeAccountId }).from(paymentAccounts).where(eq(paymentAccounts.siteId, siteId));
    if (!current || current.accountId === accountId) return;
    const [tier] = await executor.select({ id: tiers.id }).from(tiers).where(and(eq(tiers.siteId, siteId), isNotNull(tiers.stripeProductId))).limit(1);
    const [member] = await executor.select({ id: memberships.id }).from(memberships).where(and(eq(memberships.siteId, siteId), isNotNull(memberships.stripeCustomerId))).limit(1);
    if (tier || member) {
      throw invalidKey(`This key is for another Stripe account (${accountId}) than the one this site's paid tiers and members are on (${current.accountId}). Paste a key of ${current.accountId}.`);
    }
  }

  /**
   * The site's Checkout pages still open on the account, expired (best effort): a fan who paid in one after the key
   * was forgotten would be billed by a subscription nobody here hears of. Only the site's own (its metadata), since
   * the creator may sell other things on the same account; open pages last a day at most, so they are few.
   */
  async function expireOpenCheckouts(client: StripeClient, siteId: string): Promise<void> {
    try {
      const open = await client.checkout.sessions.list({ status: 'open', limit: 100 }).autoPagingToArray({ limit: 1000 });
      for (const session of open.filter((each) => each.metadata?.siteId === siteId)) await client.checkout.sessions.expire(session.id);
    } catch (error) {
      logger.warn({ err: error, siteId }, 'Open Stripe Checkout pages of the site not expired');
    }
  }

  async function deleteEndpoint(client: StripeClient, endpointId: string, siteId: string): Promise<void> {
    // Best effort: an endpoint left behind only sends events this site no longer verifies.
    await client.webhookEndpoints.del(endpointId).catch((error: unknown) => logger.warn({ err: error, siteId, endpointId }, 'Stripe webhook endpoint not deleted'));
  }

  /** PATCH /api/payments/key. */
  async function saveKey(ownerId: string, secretKey: string): Promise<PaymentsStatus> {
    if (secretKey.startsWith('pk_')) throw invalidKey('This is a publishable key (pk_…), which cannot take payments. Paste a secret key (sk_…) or a restricted key (rk_…).');
    if (!/^(sk|rk)_\w+$/.test(secretKey)) throw invalidKey('A Stripe secret key starts with sk_ and a restricted key with rk_. Copy it again from your Stripe dashboard.');
    const site = await siteOf(ownerId);
    const client = siteStripe.keyClient(secretKey);
    const account = await checkKey(client);
    await assertAccountFits(db, site.id, account.id);
    const endpoint = await client.webhookEndpoints
      .create({
        url: siteWebhookUrl(appUrl, site.id),
        enabled_events: webhookEvents() as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
        // The events' shape is the SDK's, whatever version the creator's account defaults to.
        api_version: Stripe.API_VERSION,
        description: 'Creator platform: memberships of this site',
        metadata: { siteId: site.id },
      })
      .catch((error: unknown) => {
        // Stripe refuses the address, not the key: in live mode it must be public and https, which a loopback APP_URL is not.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw invalidKey(`Stripe refused this site's webhook address (${siteWebhookUrl(appUrl, site.id)}): ${error.message} The operator sets APP_URL to the site's public https address; a test key (sk_test_…) works meanwhile.`);
        }
        throw refusal(error, 'Webhook Endpoints: Write');
      });
    if (!endpoint.secret) throw new AppError('stripe-unavailable', 502);
    const values = {
      mode: 'key' as const,
      stripeAccountId: account.id,
      accountName: nameOf(account),
      secretKey: secretBox.seal(secretKey, sealedContext.secretKey(site.id)),
      webhookEndpointId: endpoint.id,
      webhookSecret: secretBox.seal(endpoint.secret, sealedContext.webhookSecret(site.id)),
      keyRefusedAt: null,
      detailsSubmitted: account.details_submitted ?? false,
      chargesEnabled: account.charges_enabled ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
      requirementsDue: account.requirements?.currently_due ?? [],
      defaultCurrency: account.default_currency ?? null,
      updatedAt: clock(),
    };
    let replaced: { key: string | null; endpointId: string | null; accountId: string } | undefined;
    try {
      replaced = await db.transaction(async (tx) => {
        await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, site.id)).for('update');
        await assertAccountFits(tx, site.id, account.id);
        const [before] = await tx.select().from(paymentAccounts).where(eq(paymentAccounts.siteId, site.id));
        await tx.insert(paymentAccounts).values({ siteId: site.id, ...values }).onConflictDoUpdate({ target: paymentAccounts.siteId, set: values });
        await siteChanged(site.id, tx);
        return before?.mode === 'key' ? { key: before.secretKey, endpointId: before.webhookEndpointId, accountId: before.stripeAccountId } : undefined;
      });
    } catch (error) {
      await deleteEndpoint(client, endpoint.id, site.id);
      throw error;
    }
    // The endpoint made for the key this one replaces goes: deleted with the new key when it is of the same account
    // (a key rolled, or revoked and replaced, which the old key can no longer do), else with the old one.
    if (replaced?.endpointId) {
      const oldKey = replaced.accountId === account.id ? secretKey : siteStripe.keyOf({ siteId: site.id, secretKey: replaced.key });
      if (oldKey) await deleteEndpoint(siteStripe.keyClient(oldKey), replaced.endpointId, site.id);
    }
    logger.info({ siteId: site.id, account: account.id }, 'Stripe connected with the creator\'s own key');
    return status(ownerId);
  }

  /**
   * DELETE /api/payments/key: refused with 409 `paying-members` while a member's subscription bills on the account;
   * otherwise the key and its signing secret forgotten, then the site's open Checkout pages expired and the endpoint
   * deleted (both best effort).
   */
  async function disconnect(ownerId: string): Promise<PaymentsStatus> {
    const site = await siteOf(ownerId);
    const row = await db.transaction(async (tx) => {
      // The site's row lock: a key saved at the same moment waits, and the count is of the members as they are now.
      await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, site.id)).for('update');
      const [current] = await tx.select().from(paymentAccounts).where(and(eq(paymentAccounts.siteId, site.id), eq(paymentAccounts.mode, 'key')));
      if (!current?.secretKey) throw new AppError('not-found', 404);
      const paying = await payingMembers(site.id, tx);
      if (paying > 0) throw stillBilled(paying);
      await tx
        .update(paymentAccounts)
        .set({ secretKey: null, webhookEndpointId: null, webhookSecret: null, keyRefusedAt: null, chargesEnabled: false, updatedAt: clock() })
        .where(eq(paymentAccounts.siteId, site.id));
      await siteChanged(site.id, tx);
      return current;
    });
    const key = siteStripe.keyOf(row);
    if (key) await expireOpenCheckouts(siteStripe.keyClient(key), site.id);
    if (row.webhookEndpointId && key) await deleteEndpoint(siteStripe.keyClient(key), row.webhookEndpointId, site.id);
    logger.info({ siteId: site.id, account: row.stripeAccountId }, 'Stripe key disconnected');
    return status(ownerId);
  }

  /**
   * For deleting an account: reads, in the deletion's transaction and before its cascade takes the rows, the endpoint
   * each site's own key made, and answers the step that deletes them at Stripe once the deletion has committed (best
   * effort, like disconnecting): an account whose deletion is refused or rolled back keeps its endpoints working.
   */
  async function endpointsRemoval(executor: Database, siteIds: readonly string[]): Promise<() => Promise<void>> {
    if (siteIds.length === 0) return async () => undefined;
    const rows = await executor
      .select()
      .from(paymentAccounts)
      .where(and(inArray(paymentAccounts.siteId, [...siteIds]), eq(paymentAccounts.mode, 'key'), isNotNull(paymentAccounts.webhookEndpointId)));
    const endpoints = rows.flatMap((row) => {
      const key = siteStripe.keyOf(row);
      if (!key) logger.warn({ siteId: row.siteId, endpointId: row.webhookEndpointId }, 'Stripe webhook endpoint left: the saved key does not open');
      return key && row.webhookEndpointId ? [{ siteId: row.siteId, endpointId: row.webhookEndpointId, key }] : [];
    });
    return async () => {
      for (const { siteId, endpointId, key } of endpoints) await deleteEndpoint(siteStripe.keyClient(key), endpointId, siteId);
    };
  }

  return { saveKey, disconnect, endpointsRemoval };
}

export type OwnKeyService = ReturnType<typeof createOwnKeyService>;
