/**
 * Custom domains (issue 16):
 * - Row 33: a site's home served on its own domain (`Host` looked up in the
 *   in-memory directory, then the page cache) against the same page of an
 *   identical site at `/@{handle}`, in one product. Target: at least 0.95.
 * - Row 34: `/internal/tls-allowed`, the proxy's question before every new
 *   certificate, against the maintenance call, in one product. Target: at least 0.8.
 */
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../db/connect.ts';
import { domains } from '../db/domain-schema.ts';
import { insertPost, insertSite, userIdOf } from '../tests/support/site-fixtures.ts';
import { alternate } from './lib/alternate.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const DOMAIN = 'bench.example.test';
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

const measure = (url: string, headers: Record<string, string> = {}) => async () => {
  const result = await generateLoad({ url, connections: 10, seconds: 4, headers });
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
  return result.requestsPerSecond;
};

export async function benchDomain(pairs: number): Promise<BenchRow[]> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const handle = await connectDatabase({ url: database.url });
  try {
    const db = handle.db;
    const owners = [await createAccount(product.url), await createAccount(product.url)];
    const [onDomain, atHandle] = await Promise.all(owners.map(async (owner) => (await insertSite(db, await userIdOf(db, owner.email))).site));
    for (const site of [onDomain!, atHandle!]) {
      for (let index = 0; index < 20; index += 1) await insertPost(db, site.id, { title: `Recording ${index}: the harbour at low tide`, excerpt: 'Waves, stones and the wind in the masts.', publishedAt: new Date(Date.UTC(2026, 0, 1 + index)) });
    }
    await db.insert(domains).values({ siteId: onDomain!.id, hostname: DOMAIN, status: 'active', verificationToken: 'bench', verifiedAt: new Date() });
    // As the domains service does after a change: every server's Host lookup hears of it.
    await db.execute(sql`select pg_notify('site_changed', ${onDomain!.id})`);
    for (;;) if ((await fetch(`${product.url}/internal/tls-allowed?domain=${DOMAIN}`)).status === 200) break;

    const rows: BenchRow[] = [];
    const home = measure(`${product.url}/`, { ...BROWSER, host: DOMAIN });
    const peerHome = measure(`${product.url}/@${atHandle!.handle}`, BROWSER);
    const byDomain = await alternate(pairs, home, peerHome);
    rows.push({ row: 33, name: 'GET / on a custom domain (20 posts, anonymous, cached) vs the same page at /@{handle}', figure: byDomain.medianRatio, unit: 'ratio (req/s)', target: '>= 0.95', holds: byDomain.medianRatio >= 0.95, detail: { ...byDomain } });

    const tls = await alternate(pairs, measure(`${product.url}/internal/tls-allowed?domain=${DOMAIN}`), measure(`${product.url}/api/config/maintenance`));
    rows.push({ row: 34, name: 'GET /internal/tls-allowed vs GET /api/config/maintenance', figure: tls.medianRatio, unit: 'ratio (req/s)', target: '>= 0.8', holds: tls.medianRatio >= 0.8, detail: { ...tls } });
    for (const row of rows) process.stderr.write(`domain row ${row.row}: ${row.figure.toFixed(2)}\n`);
    return rows;
  } finally {
    await handle.close();
    await product.stop();
    await database.drop();
  }
}
