/**
 * The one place the `stripe` SDK is made, from STRIPE_SECRET_KEY and
 * STRIPE_API_URL (tests point it at tests/support/stripe-server.ts). Calls on
 * a creator's connected account pass `{ stripeAccount }` per request (direct
 * charges, DESIGN.md "Members and money"); nothing here holds a creator's key.
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';

export type StripeClient = Stripe;

export function createStripeClient(config: StripeConfig): StripeClient {
  const { protocol, hostname, port } = config.apiUrl;
  return new Stripe(config.secretKey, {
    host: hostname,
    port: port === '' ? (protocol === 'https:' ? 443 : 80) : Number(port),
    protocol: protocol === 'http:' ? 'http' : 'https',
    // A webhook or a join must not hang on a slow Stripe; the SDK retries idempotently.
    timeout: 20_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'creator-platform' },
  });
}
