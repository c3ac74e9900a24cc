/**
 * The arithmetic of the overview's money figures (docs/decisions/058), shared
 * by the server, which sums in Postgres, and the studio, which words it.
 */

export interface MoneyAmount {
  /** Minor units. */
  amount: number;
  currency: string;
}

/** Churn as a share (0.25 is 25 %), or null when nobody was paying at the start, so there is nothing to lose. */
export function churnRate(left: number, payingAtStart: number): number | null {
  return payingAtStart > 0 ? left / payingAtStart : null;
}

/**
 * Monthly recurring revenue per currency, the site's main currency first and
 * always present (0 before anyone pays), the others by size.
 */
export function mrrByCurrency(rows: readonly MoneyAmount[], mainCurrency: string): MoneyAmount[] {
  const main = rows.find((row) => row.currency === mainCurrency) ?? { amount: 0, currency: mainCurrency };
  const others = rows.filter((row) => row.currency !== mainCurrency && row.amount > 0).sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
  return [main, ...others];
}
