/**
 * The question the tiers and joining work ask the payments work: may this site
 * take money now, and on which connected account? Handed in as a function so
 * neither depends on the other's internals; the payments feature's own
 * `paymentsReady` (which also refreshes the row from Stripe) takes the place
 * of readinessFromAccounts once both are merged.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { paymentAccounts } from '../../db/money-schema.ts';

export interface PaymentsReadiness {
  ready: boolean;
  stripeAccountId?: string;
}

export type PaymentsReady = (siteId: string) => Promise<PaymentsReadiness>;

/** Ready when the site's connected account, as last stored, can take charges. */
export function readinessFromAccounts(db: Database): PaymentsReady {
  return async (siteId) => {
    const [row] = await db.select({ stripeAccountId: paymentAccounts.stripeAccountId, chargesEnabled: paymentAccounts.chargesEnabled }).from(paymentAccounts).where(eq(paymentAccounts.siteId, siteId)).limit(1);
    return row?.chargesEnabled ? { ready: true, stripeAccountId: row.stripeAccountId } : { ready: false };
  };
}
