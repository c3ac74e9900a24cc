/**
 * The round-trip row (issue 30 "Speed and scale": "the imported site's pages
 * and counts equal the exported site's"). The export row's large site
 * (bench/lib/large-site.ts: 10,000 posts, 1 GiB of media, 100,000 members
 * unless told otherwise) is seeded on one product server with its own
 * database, with what a creator's site also has: the paid tier's prices and
 * members paying through subscriptions on the creator's own Stripe account
 * (the local Stripe-protocol server, whose key both instances use, as a
 * creator who moves keeps their account), cover images uploaded through the
 * product, comments, an offer of each kind made through the API, a product of
 * two files and old addresses. It is exported through the product's API as a
 * creator would (POST /api/exports, polled until ready, downloaded through
 * its signed link), then imported as source `platform` into a second product
 * server on a fresh database, through its API as a new creator there would
 * (signed up and verified by mail, the same handle, published, the same
 * Stripe key): the dry run (POST /api/imports), the run (polled until done),
 * and the queue's processing of the imported media. Then each instance's
 * counts (bench/lib/site-snapshot.ts) and a sample of its public pages as a
 * signed-out reader gets them (the home page, 20 post pages spread over the
 * list, the join page, each offer's page, the product's page and the old
 * addresses; bench/lib/compare-pages.ts) are compared. Figure: the number of
 * differences (target 0); the counts and the time of the import in the detail.
 *
 * Sizes: BENCH_ROUND_TRIP_POSTS, BENCH_ROUND_TRIP_MEDIA_MB (1 MiB files) and
 * BENCH_ROUND_TRIP_MEMBERS, by default the export row's. The quick size:
 * `BENCH_ROUND_TRIP_POSTS=1000 BENCH_ROUND_TRIP_MEDIA_MB=100 BENCH_ROUND_TRIP_MEMBERS=10000 npx tsx bench/run.ts round-trip`.
 */
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import Stripe from 'stripe';
import type { ExportView } from '../common/api/exports.ts';
import type { ImportView } from '../common/api/imports.ts';
import { connectDatabase, type Database } from '../db/connect.ts';
import { media, memberships, posts, sites, tiers } from '../db/content-schema.ts';
import { productFiles, products } from '../db/earn-schema.ts';
import { comments } from '../db/messaging-schema.ts';
import { postRedirects } from '../db/move-schema.ts';
import { users } from '../db/schema.ts';
import { startSmtpSink } from '../tests/support/smtp-sink.ts';
import { payThroughCheckout } from '../tests/support/stripe-checkout.ts';
import { startStripeServer } from '../tests/support/stripe-server.ts';
import { pageDifference } from './lib/compare-pages.ts';
import { seedLargeSite, type LargeSite } from './lib/large-site.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';
import { countSite, idLabels, mediaSettled, type SiteCounts } from './lib/site-snapshot.ts';

const POSTS = Number(process.env.BENCH_ROUND_TRIP_POSTS ?? 10_000);
const MEDIA_MB = Number(process.env.BENCH_ROUND_TRIP_MEDIA_MB ?? 1024);
const MEMBERS = Number(process.env.BENCH_ROUND_TRIP_MEMBERS ?? 100_000);
/** Each pays through the hosted Checkout page, one request after another: enough to see them keep paying, in seconds. */
const STRIPE_PAYERS = 100;
const COVER_IMAGES = 4;
const SAMPLED_POSTS = 20;
const GOLD = { monthly: 500, yearly: 5000, currency: 'usd' };
/** Generous: the export and the import of the full size take minutes on two shared cores. */
const WAIT_MS = 30 * 60_000;

type Send = (method: string, pathName: string, body?: unknown) => Promise<Response>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** Requests with the creator's session, as the studio sends them. */
function studio(baseUrl: string, cookie: string): Send {
  return (method, pathName, body) =>
    fetch(`${baseUrl}${pathName}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, intervalMs: number): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} not done after ${WAIT_MS / 60_000} minutes: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** `count` slugs from the first post to the last, evenly apart. */
function spreadSlugs(count: number): string[] {
  const numbers = Array.from({ length: Math.min(count, POSTS) }, (_, index) => 1 + Math.round((index * (POSTS - 1)) / Math.max(1, count - 1)));
  return [...new Set(numbers)].map((number) => `post-${number}`);
}

/** A JPEG uploaded through the product's tus endpoint, as the studio's library does; answers its media id. */
async function uploadImage(baseUrl: string, cookie: string, index: number): Promise<string> {
  const bytes = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30 + index * 50, g: 90, b: 140 } } }).jpeg().toBuffer();
  const tus = { cookie, origin: baseUrl, 'tus-resumable': '1.0.0' };
  const metadata = Object.entries({ filename: `cover-${index}.jpg`, filetype: 'image/jpeg' }).map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`);
  const created = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata.join(',') } });
  if (created.status !== 201) throw new Error(`the upload was refused: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, baseUrl);
  const patched = await fetch(location, { method: 'PATCH', headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: new Uint8Array(bytes) });
  if (patched.status !== 204) throw new Error(`the upload's bytes were refused: ${patched.status} ${await patched.text()}`);
  return location.pathname.split('/').at(-1)!;
}

/** Members paying for the paid tier through subscriptions on the creator's account, as joining through Checkout leaves them. */
async function seedPayers(db: Database, stripe: Stripe, site: LargeSite, priceId: string): Promise<void> {
  const emails = Array.from({ length: STRIPE_PAYERS }, (_, index) => `payer${index}@bench.example`);
  const paid = new Map<string, { customer: string; subscription: string }>();
  const queue = [...emails];
  const worker = async () => {
    for (let email = queue.shift(); email; email = queue.shift()) paid.set(email, await payThroughCheckout(stripe, priceId, email));
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await db.insert(users).values(emails.map((email, index) => ({ id: `payer${index}`, email, fullName: `Payer ${index}`, displayName: 'Payer', username: `payer${index}`, niche: '', role: 'member' as const })));
  await db.insert(memberships).values(
    emails.map((email, index) => ({
      siteId: site.siteId,
      userId: `payer${index}`,
      tierId: site.tiers.gold.id,
      status: 'active' as const,
      source: 'stripe' as const,
      cadence: 'month' as const,
      amount: GOLD.monthly,
      currency: GOLD.currency,
      stripeCustomerId: paid.get(email)!.customer,
      stripeSubscriptionId: paid.get(email)!.subscription,
    })),
  );
}

/** What the export row's site lacks of a creator's: Stripe prices and payers, covers, comments, offers, a product, old addresses. */
async function seedCreatorsSite(db: Database, baseUrl: string, site: LargeSite, stripe: Stripe, secretKey: string, sampled: string[]): Promise<void> {
  const send = studio(baseUrl, site.owner.cookie);
  const product = await stripe.products.create({ name: 'Gold' });
  const [monthly, yearly] = await Promise.all(
    (['month', 'year'] as const).map((interval) =>
      stripe.prices.create({ product: product.id, currency: GOLD.currency, unit_amount: interval === 'month' ? GOLD.monthly : GOLD.yearly, recurring: { interval } }),
    ),
  );
  await db.update(tiers).set({ stripeProductId: product.id, stripeMonthlyPriceId: monthly!.id, stripeYearlyPriceId: yearly!.id }).where(eq(tiers.id, site.tiers.gold.id));
  process.stderr.write(`round-trip: ${STRIPE_PAYERS} members paying through the local Stripe server, covers, comments, offers, a product, old addresses\n`);
  // Paid before the key is saved: the product hears of no Checkout it did not open, as with subscriptions made elsewhere.
  await seedPayers(db, stripe, site, monthly!.id);
  await json(await send('PATCH', '/api/payments/key', { secretKey }));

  const covers: string[] = [];
  for (let index = 0; index < COVER_IMAGES; index += 1) covers.push(await uploadImage(baseUrl, site.owner.cookie, index));
  await mediaSettled(db, site.siteId, WAIT_MS);
  const sampledRows = await db.select({ id: posts.id, slug: posts.slug }).from(posts).where(and(eq(posts.siteId, site.siteId), inArray(posts.slug, sampled)));
  for (const [index, post] of sampledRows.entries()) {
    await db.update(posts).set({ coverMediaId: covers[index % covers.length]! }).where(eq(posts.id, post.id));
    await db.insert(comments).values({
      siteId: site.siteId,
      postId: post.id,
      authorId: `bench${(index % MEMBERS) + 1}`,
      body: `Heard the same tide on ${post.slug}.`,
      createdAt: new Date(Date.UTC(2024, 5, 1, index)),
    });
    await db.insert(postRedirects).values({ siteId: site.siteId, path: `/p/${post.slug}`, postId: post.id });
  }

  const gold = site.tiers.gold.id;
  for (const offer of [
    { name: 'Spring sale', code: 'spring', kind: 'percent', percentOff: 25, duration: 'repeating', durationMonths: 3 },
    { name: 'Two off', code: 'two-off', kind: 'amount', amountOff: 200, duration: 'forever' },
    { name: 'Try a month', code: 'try-a-month', kind: 'trial', trialDays: 30 },
  ]) {
    await json(await send('POST', '/api/offers', { tierId: gold, ...offer }));
  }
  const files = await db.select({ id: media.id }).from(media).where(and(eq(media.siteId, site.siteId), eq(media.kind, 'file'))).orderBy(asc(media.originalName)).limit(2);
  const [pack] = await db
    .insert(products)
    .values({ siteId: site.siteId, title: 'Harbour pack', slug: 'harbour-pack', description: 'Every recording of the year.', price: 1200, currency: GOLD.currency, coverMediaId: covers[0]! })
    .returning();
  await db.insert(productFiles).values(files.map((file, position) => ({ productId: pack!.id, mediaId: file.id, position })));
}

async function exportZip(baseUrl: string, cookie: string, zipPath: string): Promise<number> {
  const send = studio(baseUrl, cookie);
  const started = performance.now();
  const created = await json<{ export: ExportView }>(await send('POST', '/api/exports'));
  const ready = await until(
    'the export',
    async () => (await json<{ export: ExportView }>(await send('GET', `/api/exports/${created.export.id}`))).export,
    (view) => view.status === 'ready' || view.status === 'failed',
    250,
  );
  if (ready.status !== 'ready') throw new Error(`the export failed: ${ready.failure}`);
  const download = await fetch(new URL(ready.url!, baseUrl), { headers: { cookie } });
  if (!download.ok) throw new Error(`the export's download answered ${download.status}`);
  await pipeline(download.body!, createWriteStream(zipPath));
  return (performance.now() - started) / 1000;
}

/** A new creator on the second instance: signed up, verified by mail, the same handle and title, published, the same Stripe key. */
async function arrivingCreator(baseUrl: string, waitForMail: (to: string) => Promise<{ links: string[] }[]>, handle: string, secretKey: string): Promise<{ send: Send; cookie: string }> {
  const owner = await createAccount(baseUrl);
  const [verification] = await waitForMail(owner.email);
  await fetch(verification!.links[0]!, { headers: { cookie: owner.cookie }, redirect: 'manual' });
  const send = studio(baseUrl, owner.cookie);
  await json(await send('POST', '/api/sites', { handle, title: 'Harbour Sounds' }));
  await json(await send('PATCH', '/api/sites/mine', { publish: true }));
  await json(await send('PATCH', '/api/payments/key', { secretKey }));
  return { send, cookie: owner.cookie };
}

interface Imported {
  view: ImportView;
  dryRun: ImportView;
  drySeconds: number;
  runSeconds: number;
}

async function importZip(baseUrl: string, send: Send, cookie: string, zipPath: string): Promise<Imported> {
  const form = new FormData();
  form.set('source', 'platform');
  form.set('file', await openAsBlob(zipPath), 'export.zip');
  const dryStarted = performance.now();
  const dryRun = (await json<{ import: ImportView }>(await fetch(`${baseUrl}/api/imports`, { method: 'POST', headers: { cookie, origin: baseUrl }, body: form }))).import;
  const drySeconds = (performance.now() - dryStarted) / 1000;
  const runStarted = performance.now();
  await json(await send('POST', `/api/imports/${dryRun.id}/run`, {}));
  const view = await until(
    'the import',
    async () => (await json<{ import: ImportView }>(await send('GET', `/api/imports/${dryRun.id}`))).import,
    (current) => current.status !== 'running',
    250,
  );
  if (view.status !== 'done') throw new Error(`the import ended ${view.status}: ${view.failure}`);
  return { view, dryRun, drySeconds, runSeconds: (performance.now() - runStarted) / 1000 };
}

function countDifferences(exported: SiteCounts, imported: SiteCounts): string[] {
  return (Object.keys(exported) as (keyof SiteCounts)[]).filter((key) => exported[key] !== imported[key]).map((key) => `count ${key}: exported ${exported[key]}, imported ${imported[key]}`);
}

export async function benchRoundTrip(): Promise<BenchRow> {
  // Whatever was started is stopped, last first, however far the run got.
  const releases: (() => Promise<unknown>)[] = [];
  const keep = <T>(value: T, release: (value: T) => Promise<unknown>): T => {
    releases.unshift(() => release(value));
    return value;
  };
  const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });
  try {
    const stripeServer = keep(await startStripeServer(), (server) => server.close());
    const smtp = keep(await startSmtpSink(), (sink) => sink.stop());
    const work = keep(await mkdtemp(path.join(tmpdir(), 'bench-round-trip-')), removeDir);
    const fromDatabase = keep(await createBenchDatabase(), (database) => database.drop());
    const toDatabase = keep(await createBenchDatabase(), (database) => database.drop());
    const fromDir = keep(await mkdtemp(path.join(tmpdir(), 'bench-round-trip-from-')), removeDir);
    const toDir = keep(await mkdtemp(path.join(tmpdir(), 'bench-round-trip-to-')), removeDir);
    const from = keep(await startProduct(fromDatabase.url, { STRIPE_API_URL: stripeServer.url, DATA_DIR: fromDir }), (product) => product.stop());
    const to = keep(await startProduct(toDatabase.url, { STRIPE_API_URL: stripeServer.url, DATA_DIR: toDir, SMTP_URL: smtp.url }), (product) => product.stop());
    const fromHandle = keep(await connectDatabase({ url: fromDatabase.url }), (handle) => handle.close());
    const toHandle = keep(await connectDatabase({ url: toDatabase.url }), (handle) => handle.close());

    const key = stripeServer.createAccountKey({ name: 'Harbour Sounds' });
    const stripeUrl = new URL(stripeServer.url);
    const stripe = new Stripe(key.secretKey, { host: stripeUrl.hostname, port: Number(stripeUrl.port), protocol: 'http' });
    const sampled = spreadSlugs(SAMPLED_POSTS);
    const site = await seedLargeSite(fromHandle.db, from.url, fromDir, { posts: POSTS, members: MEMBERS, mediaFiles: MEDIA_MB }, 'round-trip');
    await seedCreatorsSite(fromHandle.db, from.url, site, stripe, key.secretKey, sampled);

    const zipPath = path.join(work, 'export.zip');
    const exportSeconds = await exportZip(from.url, site.owner.cookie, zipPath);
    process.stderr.write(`round-trip: exported in ${exportSeconds.toFixed(1)} s; importing into the second instance\n`);
    const arriving = await arrivingCreator(to.url, (address) => smtp.waitForMail(address), site.handle, key.secretKey);
    const imported = await importZip(to.url, arriving.send, arriving.cookie, zipPath);
    const [arrived] = await toHandle.db.select({ siteId: sites.id }).from(sites).where(eq(sites.handle, site.handle));
    const settleStarted = performance.now();
    await mediaSettled(toHandle.db, arrived!.siteId, WAIT_MS);
    const mediaSeconds = (performance.now() - settleStarted) / 1000;

    const [exportedCounts, importedCounts] = await Promise.all([countSite(fromHandle.db, site.siteId), countSite(toHandle.db, arrived!.siteId)]);
    const instances = {
      exported: { url: from.url, labels: await idLabels(fromHandle.db, site.siteId) },
      imported: { url: to.url, labels: await idLabels(toHandle.db, arrived!.siteId) },
    };
    const prefix = `/@${site.handle}`;
    const pages = [
      prefix,
      ...sampled.map((slug) => `${prefix}/posts/${slug}`),
      `${prefix}/join`,
      ...['spring', 'two-off', 'try-a-month'].map((code) => `${prefix}/offers/${code}`),
      `${prefix}/products/harbour-pack`,
      ...sampled.map((slug) => `${prefix}/p/${slug}`),
    ];
    const differences = countDifferences(exportedCounts, importedCounts);
    for (const page of pages) {
      const difference = await pageDifference(page, instances.exported, instances.imported);
      if (difference) differences.push(difference);
    }
    const importSeconds = imported.drySeconds + imported.runSeconds;
    process.stderr.write(
      `round-trip: import ${importSeconds.toFixed(1)} s (dry run ${imported.drySeconds.toFixed(1)} s, run ${imported.runSeconds.toFixed(1)} s), media processed ${mediaSeconds.toFixed(1)} s later; ` +
        `counts exported ${JSON.stringify(exportedCounts)}, imported ${JSON.stringify(importedCounts)}; ${differences.length} differences over the counts and ${pages.length} pages\n`,
    );
    for (const difference of differences) process.stderr.write(`round-trip: ${difference}\n`);
    for (const problem of imported.view.problems) process.stderr.write(`round-trip: the import's problem at ${problem.where}: ${problem.message}\n`);
    const size = `${POSTS.toLocaleString('en')} posts, ${MEDIA_MB.toLocaleString('en')} MiB of media, ${MEMBERS.toLocaleString('en')} members`;
    return {
      row: 55,
      name: `round trip (${size}): exported through the API, imported as platform into a second instance on a fresh database; differences in ${Object.keys(exportedCounts).length} counts and ${pages.length} public pages; the import (dry run and run) took ${importSeconds.toFixed(1)} s`,
      figure: differences.length,
      unit: 'differences',
      target: '0',
      holds: differences.length === 0,
      detail: {
        importSeconds,
        dryRunSeconds: imported.drySeconds,
        runSeconds: imported.runSeconds,
        mediaProcessedSeconds: mediaSeconds,
        exportSeconds,
        counts: { exported: exportedCounts, imported: importedCounts },
        dryRunCounts: imported.dryRun.counts,
        result: imported.view.result,
        problems: imported.view.problems,
        differences,
      },
    };
  } finally {
    for (const release of releases) await release().catch((error: unknown) => process.stderr.write(`round-trip: a clean-up failed: ${String(error)}\n`));
  }
}
