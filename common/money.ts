/**
 * Money in minor units (cents), as Stripe counts it, shared by the studio and
 * the public pages. Zero-decimal currencies (yen, won, …) have no minor unit:
 * 500 JPY is ¥500, not ¥5.00.
 */

/** Stripe's zero-decimal currencies (https://docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

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
