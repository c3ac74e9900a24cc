/**
 * Our own export's offers and products on a site that cannot take money yet, over HTTP on one server: a discount
 * comes in archived without coupon (and stays so until the site can make its coupon) and a code the site already uses
 * is skipped, each with a problem in plain words;
 * the undo removes the offers and products the import made, except an offer someone claimed since, and leaves the
 * site's own offer.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportView } from '../../common/api/exports.ts';
import type { ImportView } from '../../common/api/imports.ts';
import { media } from '../../db/content-schema.ts';
import { offerRedemptions, offers, productFiles, products } from '../../db/earn-schema.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { importToDone } from '../support/import-runs.ts';
import { insertMedia, insertTier } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let leaving: Creator;
let arriving: Creator;
let imported: ImportView;

async function exportZip(): Promise<Buffer> {
  const started = await leaving.client.post<{ export: ExportView }>('/api/exports');
  expect(started.status).toBe(202);
  let view = started.body.export;
  for (let tries = 0; view.status !== 'ready' && view.status !== 'failed' && tries < 600; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    view = (await leaving.client.get<{ export: ExportView }>(`/api/exports/${view.id}`)).body.export;
  }
  expect(view.status).toBe('ready');
  const cookie = [...leaving.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const download = await fetch(new URL(view.url!, server.url), { headers: { cookie } });
  expect(download.status).toBe(200);
  return Buffer.from(await download.arrayBuffer());
}

beforeAll(async () => {
  server = await startTestServer();
  [leaving, arriving] = await Promise.all([creatorWithSite(server), creatorWithSite(server)]);
  const db = server.handle.db;
  await insertTier(db, leaving.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
  const gold = await insertTier(db, leaving.siteId, { name: 'Gold', monthlyPrice: 700, yearlyPrice: null });
  await db.insert(offers).values([
    { siteId: leaving.siteId, tierId: gold.id, name: 'Spring', code: 'spring', kind: 'percent', percentOff: 20, stripeCouponId: 'coupon_old' },
    { siteId: leaving.siteId, tierId: gold.id, name: 'Try', code: 'try-it', kind: 'trial', trialDays: 7 },
    { siteId: leaving.siteId, tierId: gold.id, name: 'Taken', code: 'taken', kind: 'trial', trialDays: 3 },
  ]);
  const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
  const guide = await insertMedia(db, leaving.siteId, 'file', { originalName: 'guide.pdf', type: 'application/pdf', bytes: pdf.length });
  await server.services.media.storage.put(guide.storageKey, Readable.from([pdf]), pdf.length);
  const [product] = await db.insert(products).values({ siteId: leaving.siteId, title: 'Guide', slug: 'guide', price: 500, currency: 'usd' }).returning();
  await db.insert(productFiles).values({ productId: product!.id, mediaId: guide.id });
  // The arriving site has its own Free and Silver tiers, and already an offer at the code `taken`.
  await insertTier(db, arriving.siteId, { name: 'Free', type: 'free', monthlyPrice: null, yearlyPrice: null });
  const silver = await insertTier(db, arriving.siteId, { name: 'Silver' });
  await db.insert(offers).values({ siteId: arriving.siteId, tierId: silver.id, name: 'Mine', code: 'taken', kind: 'trial', trialDays: 10 });
  imported = await importToDone(server, arriving, 'platform', await exportZip());
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

const offersOf = async (siteId: string) =>
  (await server.handle.db.select().from(offers).where(eq(offers.siteId, siteId))).map((row) => ({ code: row.code, name: row.name, archived: row.archivedAt !== null, coupon: row.stripeCouponId })).sort((a, b) => a.code.localeCompare(b.code));

describe('offers and products of an export on a site that cannot take money', () => {
  it('brings a discount in archived without coupon, a trial as it was, skips a taken code, and says why', async () => {
    expect(await offersOf(arriving.siteId)).toEqual([
      { code: 'spring', name: 'Spring', archived: true, coupon: null },
      { code: 'taken', name: 'Mine', archived: false, coupon: null },
      { code: 'try-it', name: 'Try', archived: false, coupon: null },
    ]);
    expect(imported.problems).toEqual(
      expect.arrayContaining([
        { where: 'site.json, the offer “spring”', message: expect.stringContaining('cannot take payments yet') },
        { where: 'site.json, the offer “taken”', message: expect.stringContaining('already has an offer with the code “taken”') },
      ]),
    );
    const [made] = await server.handle.db.select().from(products).where(eq(products.siteId, arriving.siteId));
    expect(made).toMatchObject({ slug: 'guide', price: 500, currency: 'usd' });
  });

  it('keeps the couponless discount archived while the site cannot take money', async () => {
    const [spring] = await server.handle.db.select().from(offers).where(and(eq(offers.siteId, arriving.siteId), eq(offers.code, 'spring')));
    const back = await arriving.patch(`/api/offers/${spring!.id}`, { archived: false });
    expect(back.status, back.text).toBe(409);
    expect(back.text).toContain('payments-not-ready');
    expect((await offersOf(arriving.siteId)).find((offer) => offer.code === 'spring')).toMatchObject({ archived: true, coupon: null });
  });

  it('undo removes the offers and product it made, keeps an offer claimed since and the site\'s own offer', async () => {
    const db = server.handle.db;
    const [tryIt] = await db.select().from(offers).where(and(eq(offers.siteId, arriving.siteId), eq(offers.code, 'try-it')));
    await db.insert(offerRedemptions).values({ offerId: tryIt!.id, siteId: arriving.siteId, holdUntil: new Date(Date.now() + 3_600_000), stripeCheckoutSessionId: `cs_${randomUUID()}` });
    const undone = await sendJson<{ import: ImportView }>(server, arriving.client, 'POST', `/api/imports/${imported.id}/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect((await offersOf(arriving.siteId)).map((offer) => offer.code)).toEqual(['taken', 'try-it']);
    expect(await db.select().from(products).where(eq(products.siteId, arriving.siteId))).toEqual([]);
    expect(await db.select().from(media).where(eq(media.siteId, arriving.siteId))).toEqual([]);
  });
});
