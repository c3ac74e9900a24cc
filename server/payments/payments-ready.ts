/**
 * The question the tiers and joining work ask the payments work: may this site
 * take money now, and on which connected account? Answered by the payments
 * feature (`paymentsReady`, r2-stripe); handed in as a function so neither
 * depends on the other's internals.
 */
export interface PaymentsReadiness {
  ready: boolean;
  stripeAccountId?: string;
}

export type PaymentsReady = (siteId: string) => Promise<PaymentsReadiness>;
