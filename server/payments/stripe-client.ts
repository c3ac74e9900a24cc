/**
 * The one place the `stripe` SDK is made, from STRIPE_SECRET_KEY and
 * STRIPE_API_URL (tests point it at tests/support/stripe-server.ts). Calls on
 * a creator's connected account pass `{ stripeAccount }` per request (direct
 * charges, DESIGN.md "Members and money"); a creator's own key gets a client of
 * its own (stripeWithKey, made by site-stripe.ts), which needs no account header.
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../config/index.ts';
import { AppError } from '../errors.ts';

export type StripeClient = Stripe;

export function createStripeClient(config: StripeConfig): StripeClient {
  return stripeWithKey(config.apiUrl, config.secretKey);
}

/** A client speaking with `key`: the platform's, or a creator's own (docs/decisions/144), at STRIPE_API_URL. */
export function stripeWithKey(apiUrl: URL, key: string): StripeClient {
  const { protocol, hostname, port } = apiUrl;
  return new Stripe(key, {
    host: hostname,
    port: port === '' ? (protocol === 'https:' ? 443 : 80) : Number(port),
    protocol: protocol === 'http:' ? 'http' : 'https',
    // A webhook or a join must not hang on a slow Stripe; the SDK retries idempotently.
    timeout: 20_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'creator-platform' },
  });
}

/** Stripe refused the key itself (revoked, expired, rolled): nothing a retry mends; the creator must paste a new one. */
export const isKeyRefused = (error: unknown): boolean => error instanceof Stripe.errors.StripeAuthenticationError;

/** Stripe could not be reached or refused: the caller's transaction rolls back, so nothing of ours changes. */
export function stripeFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (isKeyRefused(error)) throw new AppError('stripe-key-refused', 409);
  throw new AppError('stripe-unavailable', 502);
}

/**
 * The subscription as Stripe has it now, or null when the account has no such
 * subscription: an event about it is nobody's here, and answering 500 would
 * only make Stripe retry it for days.
 */
export async function currentSubscription(stripe: StripeClient, subscriptionId: string, stripeAccount?: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(subscriptionId, {}, stripeAccount ? { stripeAccount } : {});
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
    throw error;
  }
}
