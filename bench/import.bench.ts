/**
 * The import rows (issue 30 "Speed and scale"): a Substack export of 1,000
 * posts linking 2,000 images, with 50,000 members of whom 2,000 pay through
 * subscriptions on the creator's own Stripe account (the local Stripe-protocol
 * server), imported through the product's API as a creator would: the dry run
 * (POST /api/imports) and the whole run (POST /api/imports/:id/run, polled to
 * done), on Postgres and on embedded PGlite. Fixed budgets: dry run under 30 s,
 * the whole import under 3 minutes, the server's memory growth under 200 MB;
 * and the image fetches in flight at once, seen by the image host, bounded
 * (more than one, at most the product's bound).
 */
import { openAsBlob, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { startImageHost, writeSubstackZip, type SubstackListMember, type SubstackPost } from '../tests/support/import-fixtures.ts';
import { payThroughCheckout } from '../tests/support/stripe-checkout.ts';
import { startSmtpSink } from '../tests/support/smtp-sink.ts';
import { startStripeServer } from '../tests/support/stripe-server.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const POSTS = Number(process.env.BENCH_IMPORT_POSTS ?? 1000);
const IMAGES_PER_POST = 2;
const MEMBERS = Number(process.env.BENCH_IMPORT_MEMBERS ?? 50_000);
const PAID = Number(process.env.BENCH_IMPORT_PAID ?? 2000);
const DRY_RUN_BUDGET_S = 30;
const RUN_BUDGET_S = 180;
const RSS_BUDGET_MB = 200;
/** The product's bound on image fetches at once (server/imports/run/). */
const FETCH_BOUND = 8;

function rssBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** 2,000 customers paying a Substack-made price on the creator's account, each through the hosted Checkout page. */
async function payingCustomers(stripe: Stripe, priceId: string, emails: string[]): Promise<Map<string, string>> {
  const customers = new Map<string, string>();
  const queue = [...emails];
  const worker = async () => {
    for (let email = queue.shift(); email; email = queue.shift()) customers.set(email, (await payThroughCheckout(stripe, priceId, email)).customer);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return customers;
}

async function importOnce(engine: 'postgres' | 'pglite'): Promise<BenchRow[]> {
  const stripeServer = await startStripeServer();
  // Each image takes a moment, as a CDN's does, so fetches overlap when the product runs them side by side.
  const images = await startImageHost({ delayMs: 20 });
  const work = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
  const database = engine === 'postgres' ? await createBenchDatabase() : undefined;
  // The creator verifies their address from the mail, as on PGlite nothing else can reach the product's database.
  const smtp = await startSmtpSink();
  const product = await startProduct(database?.url, { STRIPE_API_URL: stripeServer.url, IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true', SMTP_URL: smtp.url, ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}) });
  let stopTimer = () => {};
  try {
    const owner = await createAccount(product.url);
    const [verification] = await smtp.waitForMail(owner.email);
    await fetch(verification!.links[0]!, { headers: { cookie: owner.cookie }, redirect: 'manual' });
    const headers = { cookie: owner.cookie, origin: product.url };
    const send = (method: string, pathName: string, body?: unknown) =>
      fetch(`${product.url}${pathName}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    await json(await send('POST', '/api/sites', { handle: `harbour-${Date.now().toString(36)}`, title: 'Harbour Sounds' }));
    const key = stripeServer.createAccountKey({ name: 'Harbour Sounds' });
    await json(await send('PATCH', '/api/payments/key', { secretKey: key.secretKey }));
    await json(await send('POST', '/api/tiers', { name: 'Supporter', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd' }));

    // What Substack left on the creator's Stripe account: its own product and price, and the paying subscribers.
    const stripe = new Stripe(key.secretKey, { host: new URL(stripeServer.url).hostname, port: Number(new URL(stripeServer.url).port), protocol: 'http' });
    const substackPrice = await stripe.prices.create({ currency: 'usd', unit_amount: 700, recurring: { interval: 'month' }, product_data: { name: 'Harbour Sounds (Substack)' } });
    const members: SubstackListMember[] = Array.from({ length: MEMBERS }, (_, index) => ({ email: `reader${index}@bench.example`, active: index < PAID, createdAt: '2023-06-01T00:00:00.000Z' }));
    process.stderr.write(`import (${engine}): ${PAID} paying customers on the local Stripe server\n`);
    const customers = await payingCustomers(stripe, substackPrice.id, members.slice(0, PAID).map((member) => member.email));
    for (const member of members.slice(0, PAID)) member.stripeCustomerId = customers.get(member.email);
    const paragraph = '<p>The tide came in slowly over the harbour wall, and the boats lifted one by one.</p>'.repeat(12);
    const posts: SubstackPost[] = Array.from({ length: POSTS }, (_, index) => ({
      id: 100_000 + index,
      slug: `notes-${index}`,
      title: `Harbour notes ${index}`,
      subtitle: 'From the quay',
      audience: index % 3 === 0 ? 'only_paid' : 'everyone',
      date: new Date(Date.UTC(2022, 0, 1) + index * 86_400_000).toISOString(),
      html: `${paragraph}${Array.from({ length: IMAGES_PER_POST }, (_, image) => `<figure><img src="${images.url}/img/p${index}-${image}.png" alt="Picture ${image}"></figure>`).join('')}${paragraph}`,
    }));
    const zipPath = path.join(work, 'substack-export.zip');
    await writeSubstackZip(zipPath, { posts, members });

    const pid = product.child.pid!;
    const baseline = rssBytes(pid);
    let peak = baseline;
    // Read only while the product lives: a product that died must fail the row, not crash the bench.
    const timer = setInterval(() => {
      if (product.child.exitCode === null) peak = Math.max(peak, rssBytes(pid));
    }, 50);
    stopTimer = () => clearInterval(timer);
    const form = new FormData();
    form.set('source', 'substack');
    form.set('file', await openAsBlob(zipPath), 'substack-export.zip');
    const dryStarted = performance.now();
    const planned = await json<{ import: { id: string; counts: { posts: number; members: number; paidMembers: number }; tiers: { source: string }[] } }>(
      await fetch(`${product.url}/api/imports`, { method: 'POST', headers, body: form }),
    );
    const drySeconds = (performance.now() - dryStarted) / 1000;
    const { counts } = planned.import;
    if (counts.posts !== POSTS || counts.members !== MEMBERS || counts.paidMembers !== PAID) throw new Error(`the dry run counted ${JSON.stringify(counts)}`);
    const tierId = (await json<{ tiers: { id: string; type: string }[] }>(await send('GET', '/api/tiers'))).tiers.find((tier) => tier.type === 'paid')!.id;
    const runStarted = performance.now();
    await json(await send('POST', `/api/imports/${planned.import.id}/run`, { tierMap: Object.fromEntries(planned.import.tiers.map((choice) => [choice.source, tierId])) }));
    let status: { status: string; result: { posts: number; members: number; linkedSubscriptions: number; files: number } | null; failure: string | null };
    // The studio polls like this while the import runs: the longest wait for an answer says how long the server was deaf.
    let slowestPollMs = 0;
    for (;;) {
      const asked = performance.now();
      status = (await json<{ import: typeof status }>(await send('GET', `/api/imports/${planned.import.id}`))).import;
      slowestPollMs = Math.max(slowestPollMs, performance.now() - asked);
      if (status.status === 'done' || status.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const runSeconds = (performance.now() - runStarted) / 1000;
    clearInterval(timer);
    if (status.status !== 'done') throw new Error(`the import failed: ${status.failure}`);
    const growthMb = (peak - baseline) / 1024 / 1024;
    const inFlight = images.maxInFlight();
    process.stderr.write(
      `import (${engine}): dry run ${drySeconds.toFixed(1)} s, run ${runSeconds.toFixed(1)} s, memory growth ${growthMb.toFixed(0)} MB, at most ${inFlight} image fetches at once, slowest progress poll ${slowestPollMs.toFixed(0)} ms; made ${JSON.stringify(status.result)}\n`,
    );
    const size = `${POSTS.toLocaleString('en')} posts, ${(POSTS * IMAGES_PER_POST).toLocaleString('en')} images, ${MEMBERS.toLocaleString('en')} members (${PAID.toLocaleString('en')} paying)`;
    const on = engine === 'postgres' ? 'Postgres' : 'PGlite';
    return [
      { row: 47, name: `Substack import dry run on ${on} (${size})`, figure: drySeconds, unit: 's', target: `< ${DRY_RUN_BUDGET_S}`, holds: drySeconds < DRY_RUN_BUDGET_S, detail: { counts } },
      { row: 48, name: `Substack import, the whole run on ${on} (${size})`, figure: runSeconds, unit: 's', target: `< ${RUN_BUDGET_S}`, holds: runSeconds < RUN_BUDGET_S, detail: { result: status.result, slowestPollMs } },
      { row: 49, name: `Substack import on ${on}: the server's memory growth, dry run and run (peak RSS minus RSS before)`, figure: growthMb, unit: 'MB', target: `< ${RSS_BUDGET_MB}`, holds: growthMb < RSS_BUDGET_MB, detail: { baselineMb: baseline / 1024 / 1024, peakMb: peak / 1024 / 1024 } },
      { row: 50, name: `Substack import on ${on}: image fetches in flight at once, as the image host saw them`, figure: inFlight, unit: 'fetches', target: `2-${FETCH_BOUND}`, holds: inFlight >= 2 && inFlight <= FETCH_BOUND, detail: { requests: images.requests() } },
    ];
  } finally {
    stopTimer();
    await product.stop();
    await database?.drop();
    await images.close();
    await stripeServer.close();
    await smtp.stop();
    await rm(work, { recursive: true, force: true });
  }
}

export async function benchImport(): Promise<BenchRow[]> {
  const engines = (process.env.BENCH_IMPORT_ENGINES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
  const rows: BenchRow[] = [];
  for (const engine of engines) rows.push(...(await importOnce(engine)));
  return rows;
}
