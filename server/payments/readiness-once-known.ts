/**
 * A Checkout's openers (tips, gifts, products, offers; docs/decisions/171) read the site's payment readiness as soon
 * as the site is known, beside their other checks rather than after them, and hand the promise to the opener.
 */
import type { PaymentsReadiness, PaymentsReady } from './payment-accounts.ts';

/**
 * Readiness of the site `site` resolves to (not ready for none). Marked handled here: a caller that refuses the site
 * on another check never awaits it, and the opener that does still sees its failure.
 */
export function readinessOnceKnown(site: Promise<{ id: string } | undefined>, paymentsReady: PaymentsReady): Promise<PaymentsReadiness> {
  const readiness = site.then((found) => (found ? paymentsReady(found.id) : { ready: false }));
  readiness.catch(() => undefined);
  return readiness;
}
