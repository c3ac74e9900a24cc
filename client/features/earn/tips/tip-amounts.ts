/** The tip jar's amounts as the creator types them (in the currency's major unit, "5" or "5.50") and as stored (minor units). */
import { minorUnitsPerMajor } from '../../../../common/money.ts';

const digitsOf = (currency: string) => Math.round(Math.log10(minorUnitsPerMajor(currency)));

export function toMajor(minor: number, currency: string): string {
  const digits = digitsOf(currency);
  const major = minor / minorUnitsPerMajor(currency);
  return Number.isInteger(major) ? String(major) : major.toFixed(digits);
}

/** Minor units of a typed amount; undefined when it is not an amount of this currency. */
export function toMinor(typed: string, currency: string): number | undefined {
  const digits = digitsOf(currency);
  const cleaned = typed.trim().replace(/[,\s]/g, '');
  const shape = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  if (!shape.test(cleaned)) return undefined;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * minorUnitsPerMajor(currency) + Number(fraction.padEnd(digits, '0') || '0');
}
