/**
 * Security headers of the server-rendered site pages, written directly (no
 * per-request helmet): a strict CSP with no inline script (JSON-LD is a data
 * block, which CSP does not run) and one hashed inline style, the page's brand
 * colours. `frame-ancestors 'self'` lets the studio's /preview-page show a
 * page in an iframe; no other site may frame it. Signed media URLs sit in the
 * page, so no referrer leaves for another site; `same-origin` rather than
 * `no-referrer`, because under `no-referrer` Chromium posts a page's forms
 * with `Origin: null`, which the same-origin guard refuses. Forms may lead to
 * Stripe (Checkout, the billing portal): `form-action` also governs the
 * redirect after a post.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';

/**
 * Where a site page's forms may redirect: Stripe's hosted pages, or the local Stripe-protocol server in tests.
 * Always, not only with the operator's key: a creator may connect their own key at any time (docs/decisions/144).
 */
export function paymentFormTargets(stripeApiUrl: URL): string[] {
  return ['https://checkout.stripe.com', 'https://billing.stripe.com', stripeApiUrl.origin];
}

/** The hashes of the inline styles seen lately: a designed page's style holds its theme's stylesheet, a few kB to hash on every answer otherwise. */
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 1_000;

export function styleHash(css: string): string {
  const known = recentHashes.get(css);
  if (known) return known;
  const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  if (recentHashes.size >= RECENT_HASHES) recentHashes.clear();
  recentHashes.set(css, hash);
  return hash;
}

export function sitePageHeaders(appUrl: URL, formTargets: readonly string[] = []) {
  const https = appUrl.protocol === 'https:';
  const fixed: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // On a creator's own domain HSTS pins that name only, never the creator's other subdomains (server/http/security-headers.ts).
  const onDomain: Record<string, string> = { ...fixed, ...(https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}) };
  const policy = (inlineStyle: string) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      "script-src-attr 'none'",
      `style-src 'self' ${styleHash(inlineStyle)}`,
      "img-src 'self' data:",
      "media-src 'self' blob:",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      ["form-action 'self'", ...formTargets].join(' '),
      "frame-ancestors 'self'",
      ...(https ? ['upgrade-insecure-requests'] : []),
    ].join('; ');
  return (res: Response, inlineStyle: string) => {
    res.set((res.locals as { customDomain?: string }).customDomain ? onDomain : fixed);
    res.set('Content-Security-Policy', policy(inlineStyle));
  };
}
