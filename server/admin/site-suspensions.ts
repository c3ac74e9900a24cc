/**
 * A suspended site (the operator's /admin, issue 20): its public pages answer
 * 410 Gone with a plain page until it is restored. The check is one primary-key
 * read on the pages that render; cached anonymous copies are dropped by the
 * `siteChanged` the suspension announces (docs/decisions/074).
 */
import { eq } from 'drizzle-orm';
import type { Response } from 'express';
import { PRODUCT_NAME } from '../../common/constants.ts';
import type { Database } from '../../db/connect.ts';
import { siteSuspensions } from '../../db/reports-schema.ts';

export async function isSiteSuspended(db: Database, siteId: string): Promise<boolean> {
  const [row] = await db.select({ siteId: siteSuspensions.siteId }).from(siteSuspensions).where(eq(siteSuspensions.siteId, siteId)).limit(1);
  return row !== undefined;
}

const SUSPENDED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>This site is suspended</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f6f4ff;color:#14122b}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style>
</head><body><main><h1>This site is suspended</h1><p>The operator of ${PRODUCT_NAME} has taken this site down for now. If it is yours, write to support.</p><p><a href="/">Go to ${PRODUCT_NAME}</a></p></main></body></html>`;

export function sendSuspendedPage(res: Response): void {
  res.status(410).set({ 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'", 'X-Content-Type-Options': 'nosniff' }).type('html').send(SUSPENDED_PAGE);
}
