/**
 * A visitor is a keyed hash of the site, the address and the user agent under
 * the UTC day's salt (docs/decisions/100). The salt is random, made when the
 * day's first view comes, and lives in the servers' memory only
 * (visitor-salts.ts): once the day is over nobody, the operator included, can
 * tell whose hash a row holds.
 */
import { hash } from 'node:crypto';

export function createVisitorHasher(saltOf: (day: string) => string) {
  // SHA-256 of the secret salt and the fields, one shot (crypto.hash): a secret prefix makes it a keyed hash for
  // inputs of our own framing, at half of createHmac's cost on the page's hot path. The separators keep
  // ("a", "bc") and ("ab", "c") apart; 16 bytes of digest are plenty for one site's day.
  return (siteId: string, day: string, address: string, userAgent: string): string =>
    hash('sha256', `${saltOf(day)}\n${siteId}\n${address}\n${userAgent}`, 'buffer').subarray(0, 16).toString('base64url');
}

export type VisitorHasher = ReturnType<typeof createVisitorHasher>;
