/**
 * Money in minor units (cents), as Stripe counts it, shared by the studio and
 * the public pages. Zero-decimal currencies (yen, won, …) have no minor unit:
 * 500 JPY is ¥500, not ¥5.00.
 */

/** Stripe's zero-decimal currencies (https://docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/**
 * Stripe's smallest charge in each currency a creator can price in, in minor units
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts): a Checkout for less is refused by Stripe.
 */
const STRIPE_MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  usd: 50, aud: 50, brl: 50, cad: 50, chf: 50, eur: 50, inr: 50, nzd: 50, sgd: 50, jpy: 50,
  gbp: 30, pln: 200, dkk: 250, nok: 300, sek: 300, hkd: 400, mxn: 1000,
};

/** The least a one-time payment may be in `currency`; a currency not listed (an account's own default) is held to 50 minor units, as most are. */
export function stripeMinimumCharge(currency: string): number {
  return STRIPE_MINIMUM_CHARGE[currency.toLowerCase()] ?? 50;
}

export function minorUnitsPerMajor(currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? 1 : 100;
}

/** `1900, 'usd'` is `$19.00`; whole amounts drop their cents when `compact` (`$19`). */
export function formatMoney(minor: number, currency: string, { compact = false }: { compact?: boolean } = {}): string {
  const perMajor = minorUnitsPerMajor(currency);
  const whole = minor % perMajor === 0;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: compact && whole ? 0 : undefined,
    maximumFractionDigits: perMajor === 1 || (compact && whole) ? 0 : 2,
  }).format(minor / perMajor);
}

/** What one membership adds to monthly recurring revenue, as Ghost counts it: a yearly price over twelve. */
export function monthlyShare(price: number, cadence: 'month' | 'year'): number {
  return cadence === 'year' ? Math.round(price / 12) : price;
}
