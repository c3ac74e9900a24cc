/**
 * What a suspended site answers where a page, a feed or a file was: 410 Gone
 * with a plain page (no-store, noindex), the same on the platform and on the
 * site's own domain. It names nothing of the site, nor the platform, which a
 * fan of the site never met, and links nowhere (docs/decisions/153).
 */
import type { Response } from 'express';

const SUSPENDED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>This site is suspended</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f6f4ff;color:#14122b}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style>
</head><body><main><h1>This site is suspended</h1><p>The operator of this service has taken this site down for now. If it is yours, write to its support.</p></main></body></html>`;

export const SUSPENDED_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
} as const;

export function sendSuspendedPage(res: Response): void {
  res.status(410).set(SUSPENDED_HEADERS).type('html').send(SUSPENDED_PAGE);
}
