/**
 * "The Stripe client for this site" (docs/decisions/144), the one way every
 * room reaches a site's Stripe account: with the creator's own key, a client
 * holding that key and no account header; through Connect, the platform's
 * client with `Stripe-Account` set to the connected account. Callers pass
 * `stripeAccount` as given: undefined adds no header.
 */
import type { paymentAccounts } from '../../db/money-schema.ts';
import type { SecretBox } from '../secrets/index.ts';
import { stripeWithKey, type StripeClient } from './stripe-client.ts';

export interface SiteStripe {
  client: StripeClient;
  /** The account's id at Stripe: what rows and events name. */
  accountId: string;
  /** The `Stripe-Account` header of each call: the connected account under Connect, undefined with the creator's own key. */
  stripeAccount: string | undefined;
}

type Row = Pick<typeof paymentAccounts.$inferSelect, 'siteId' | 'stripeAccountId' | 'mode' | 'secretKey'>;

/** The contexts each sealed column is bound to (server/secrets/): a value copied to another site's row does not open. */
export const sealedContext = {
  secretKey: (siteId: string) => `payment_accounts.secret_key:${siteId}`,
  webhookSecret: (siteId: string) => `payment_accounts.webhook_secret:${siteId}`,
};

/** Clients of creators' keys, by key: the SDK keeps its connections, so one a key. A few dozen sites at most on one server. */
const KEY_CLIENTS_KEPT = 500;

export function createSiteStripe({ platform, apiUrl, secretBox }: { platform: StripeClient | undefined; apiUrl: URL; secretBox: SecretBox }) {
  const keyClients = new Map<string, StripeClient>();

  function keyClient(key: string): StripeClient {
    let client = keyClients.get(key);
    if (!client) {
      if (keyClients.size >= KEY_CLIENTS_KEPT) keyClients.clear();
      client = stripeWithKey(apiUrl, key);
      keyClients.set(key, client);
    }
    return client;
  }

  /** The saved key in clear; undefined when there is none, or it no longer opens (APP_SECRET changed or lost since it was sealed). */
  function keyOf(row: Pick<Row, 'siteId' | 'secretKey'>): string | undefined {
    if (!row.secretKey) return undefined;
    try {
      return secretBox.open(row.secretKey, sealedContext.secretKey(row.siteId));
    } catch {
      return undefined;
    }
  }

  /** The client for the row's account; undefined when the site has no way to Stripe (key forgotten or unreadable, or Connect without the platform's key). */
  function ofRow(row: Row): SiteStripe | undefined {
    if (row.mode === 'key') {
      const key = keyOf(row);
      return key ? { client: keyClient(key), accountId: row.stripeAccountId, stripeAccount: undefined } : undefined;
    }
    return platform ? { client: platform, accountId: row.stripeAccountId, stripeAccount: row.stripeAccountId } : undefined;
  }

  return { keyClient, keyOf, ofRow };
}

export type SiteStripeFactory = ReturnType<typeof createSiteStripe>;
