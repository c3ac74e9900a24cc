/**
 * Rows 13-16: the public site's `/@{handle}` with 20 posts and a post page
 * (cover, two images, a members-only part), anonymous and signed in, each
 * against a bare Express peer running the same queries and writing the same
 * HTML (bench/peers/site-peer.ts). Target: each at least 0.6 of its peer.
 * The load generator sends no user agent, so neither side counts page views.
 */
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

    const cases = [
      { row: 13, name: `GET /@{handle} (20 posts), anonymous`, path: `/@${site.handle}`, cookie: undefined },
      { row: 14, name: `GET /@{handle} (20 posts), signed in`, path: `/@${site.handle}`, cookie: reader.cookie },
      { row: 15, name: 'GET /@{handle}/posts/{slug}, anonymous', path: `/@${site.handle}/posts/low-tide`, cookie: undefined },
      { row: 16, name: 'GET /@{handle}/posts/{slug}, signed in', path: `/@${site.handle}/posts/low-tide`, cookie: reader.cookie },
    ];
    const rows: BenchRow[] = [];
    for (const { row, name, path, cookie } of cases) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      // A fair race needs the same page: the two differ only in their own origin.
      const pages = await Promise.all([product.url, peer.url].map(async (url) => (await (await fetch(`${url}${path}`, { headers })).text()).replaceAll(url, 'ORIGIN')));
      if (pages[0] !== pages[1] || !pages[0]!.includes('<h1')) throw new Error(`product and peer disagree on ${path}`);
      const measure = (url: string) => async () => {
        const result = await generateLoad({ url: `${url}${path}`, connections: 10, seconds: 4, headers });
        if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
        return result.requestsPerSecond;
      };
      const result = await alternate(pairs, measure(product.url), measure(peer.url));
      process.stderr.write(`site ${name}: ${result.medianRatio.toFixed(2)} (${result.ratios.map((ratio) => ratio.toFixed(2)).join(', ')})\n`);
      rows.push({ row, name: `${name} vs bare Express, same queries and HTML`, figure: result.medianRatio, unit: 'ratio (req/s)', target: `>= ${TARGET}`, holds: result.medianRatio >= TARGET, detail: { ...result } });
    }
    return rows;
  } finally {
    await handle.close();
    await Promise.all([product.stop(), peer.stop()]);
    await database.drop();
  }
}
