/**
 * The public site's `/@{handle}` with 20 posts and a post page (cover, two
 * images, a members-only part).
 * - Rows 13 and 15, anonymous: a browser's headers (br accepted, its user
 *   agent, so the view is counted), answered from the page cache, against raw
 *   `node:http` sending the same bytes from memory (bench/peers/raw-page-peer.ts).
 *   Target: at least 0.3 of it.
 * - Rows 14 and 16, signed in: against a bare Express peer running the same
 *   queries and writing the same HTML (bench/peers/site-peer.ts), no user
 *   agent, so neither side counts. Target: at least 0.6 of its peer.
 * - Rows 22 and 23: the cost of counting page views, the product against
 *   itself with a browser's user agent (counted) and a crawler's (not).
 *   Target: counting keeps at least 0.9 of the throughput.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { connectDatabase } from '../db/connect.ts';
import { sites } from '../db/content-schema.ts';
import { insertMedia, insertPost, insertSite, embed, userIdOf } from '../tests/support/site-fixtures.ts';
import { alternate } from './lib/alternate.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase, startProcess, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const TARGET = 0.6;
const CACHED_TARGET = 0.3;
const COUNTING_TARGET = 0.9;
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
};
const CRAWLER = { ...BROWSER, 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

type Measure = (url: string, path: string, headers: Record<string, string>) => () => Promise<number>;

const measure: Measure = (url, path, headers) => async () => {
  const result = await generateLoad({ url: `${url}${path}`, connections: 10, seconds: 4, headers });
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
  return result.requestsPerSecond;
};

/** The product's answer to a browser, as raw-page-peer.ts replays it: headers as sent (less those node writes itself), body undecoded. */
async function storedAnswer(url: string, file: string): Promise<void> {
  const answer = await new Promise<{ headers: string[]; body: Buffer }>((resolve, reject) => {
    request(url, { headers: BROWSER }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: string[] = [];
        for (let index = 0; index < res.rawHeaders.length; index += 2) {
          const name = res.rawHeaders[index]!;
          if (!['date', 'connection', 'keep-alive'].includes(name.toLowerCase())) headers.push(name, res.rawHeaders[index + 1]!);
        }
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
  if (!answer.headers.some((value) => value === 'br')) throw new Error(`${url} did not answer br from the cache`);
  writeFileSync(file, JSON.stringify({ headers: answer.headers, body: answer.body.toString('base64') }));
}
const PARAGRAPH = '<p>The tide went out past the second groyne and the recorder kept running: waves, stones, a dog far off, and the wind in the mast lines of the boats on the slipway.</p>';

export async function benchSite(pairs: number): Promise<BenchRow[]> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const peer = await startProcess('bench/peers/site-peer.ts', { DATABASE_URL: database.url });
  const handle = await connectDatabase({ url: database.url });
  try {
    const ownerAccount = await createAccount(product.url);
    const reader = await createAccount(product.url);
    const db = handle.db;
    const { site } = await insertSite(db, await userIdOf(db, ownerAccount.email), { about: 'Recordings of the coast, every week.\n\nMembers hear them first.' });
    const [banner, avatar, cover, first, second] = await Promise.all([0, 1, 2, 3, 4].map(() => insertMedia(db, site.id, 'image')));
    await db.update(sites).set({ bannerMediaId: banner!.id, avatarMediaId: avatar!.id }).where(eq(sites.id, site.id));
    for (let index = 0; index < 24; index += 1) {
      await insertPost(db, site.id, { title: `Recording ${index}: the harbour at low tide`, excerpt: 'Waves, stones and the wind in the masts.', publishedAt: new Date(Date.UTC(2026, 0, 1 + index)) });
    }
    await insertPost(db, site.id, {
      slug: 'low-tide',
      title: 'Low tide at the second groyne',
      excerpt: 'An hour of the sea going out.',
      coverMediaId: cover!.id,
      visibility: 'members',
      previewHtml: `${PARAGRAPH.repeat(3)}${embed(first!, 'The groyne')}`,
      gatedHtml: `${PARAGRAPH.repeat(6)}${embed(second!)}`,
    });

    const home = `/@${site.handle}`;
    const post = `/@${site.handle}/posts/low-tide`;
    const rows: BenchRow[] = [];
    const report = (name: string, result: { medianRatio: number; ratios: number[] }) =>
      process.stderr.write(`site ${name}: ${result.medianRatio.toFixed(2)} (${result.ratios.map((ratio) => ratio.toFixed(2)).join(', ')})\n`);

    const folder = mkdtempSync(path.join(tmpdir(), 'bench-page-'));
    try {
      for (const { row, name, path: pagePath } of [
        { row: 13, name: 'GET /@{handle} (20 posts), anonymous, from the page cache', path: home },
        { row: 15, name: 'GET /@{handle}/posts/{slug}, anonymous, from the page cache', path: post },
      ]) {
        const file = path.join(folder, `${row}.json`);
        await storedAnswer(`${product.url}${pagePath}`, file);
        const raw = await startProcess('bench/peers/raw-page-peer.ts', { PAGE_FILE: file });
        try {
          const result = await alternate(pairs, measure(product.url, pagePath, BROWSER), measure(raw.url, pagePath, BROWSER));
          report(name, result);
          rows.push({ row, name: `${name} vs raw node:http sending the same bytes from memory`, figure: result.medianRatio, unit: 'ratio (req/s)', target: `>= ${CACHED_TARGET}`, holds: result.medianRatio >= CACHED_TARGET, detail: { ...result } });
        } finally {
          await raw.stop();
        }
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    for (const { row, name, path: pagePath } of [
      { row: 14, name: 'GET /@{handle} (20 posts), signed in', path: home },
      { row: 16, name: 'GET /@{handle}/posts/{slug}, signed in', path: post },
    ]) {
      const headers = { cookie: reader.cookie };
      // A fair race needs the same page: the two differ only in their own origin.
      const pages = await Promise.all([product.url, peer.url].map(async (url) => (await (await fetch(`${url}${pagePath}`, { headers })).text()).replaceAll(url, 'ORIGIN')));
      if (pages[0] !== pages[1] || !pages[0]!.includes('<h1')) throw new Error(`product and peer disagree on ${pagePath}`);
      const result = await alternate(pairs, measure(product.url, pagePath, headers), measure(peer.url, pagePath, headers));
      report(name, result);
      rows.push({ row, name: `${name} vs bare Express, same queries and HTML`, figure: result.medianRatio, unit: 'ratio (req/s)', target: `>= ${TARGET}`, holds: result.medianRatio >= TARGET, detail: { ...result } });
    }

    for (const { row, name, headers } of [
      { row: 22, name: 'GET /@{handle}, anonymous (cached), counting page views', headers: {} },
      { row: 23, name: 'GET /@{handle}, signed in, counting page views', headers: { cookie: reader.cookie } },
    ]) {
      const result = await alternate(pairs, measure(product.url, home, { ...BROWSER, ...headers }), measure(product.url, home, { ...CRAWLER, ...headers }));
      report(name, result);
      rows.push({ row, name: `${name} (browser) vs not counting (crawler)`, figure: result.medianRatio, unit: 'ratio (req/s)', target: `>= ${COUNTING_TARGET}`, holds: result.medianRatio >= COUNTING_TARGET, detail: { ...result } });
    }
    return rows;
  } finally {
    await handle.close();
    await Promise.all([product.stop(), peer.stop()]);
    await database.drop();
  }
}
