/**
 * Row 17: Lighthouse (mobile preset) on a creator's site home and a post page,
 * LIGHTHOUSE_RUNS times each (3 unless told). The site has a banner-less home
 * with 20 posts and a public post with headings, a list and a quote: the pages
 * a visitor lands on. Target: performance >= 98 on every run, 100 for the rest.
 */
import { connectDatabase } from '../db/connect.ts';
import { insertPost, insertSite, userIdOf } from '../tests/support/site-fixtures.ts';
import { lighthouseRuns, RUNS, worstScoreUnit } from './lighthouse.bench.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

export async function benchSiteLighthouse(): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const handle = await connectDatabase({ url: database.url });
  try {
    const owner = await createAccount(product.url);
    const db = handle.db;
    const { site } = await insertSite(db, await userIdOf(db, owner.email), {
      about: 'We walk the shore at night with two microphones.\n\nMembers get the full recordings.',
      brandColor: '#0f766e',
    });
    for (let index = 0; index < 20; index += 1) {
      await insertPost(db, site.id, { title: `Recording ${index}: the harbour at low tide`, excerpt: 'Waves, stones and the wind in the masts.', publishedAt: new Date(Date.UTC(2026, 0, 1 + index)) });
    }
    await insertPost(db, site.id, {
      slug: 'the-pier-at-dawn',
      title: 'The pier at dawn',
      excerpt: 'Gulls, rope and a fishing boat leaving.',
      previewHtml: `${'<p>At five the pier is empty but for the gulls; the boats knock against the fenders and the tide turns.</p>'.repeat(4)}<h2>What we heard</h2><ul><li>Rope on wood</li><li>A diesel engine, far off</li></ul><blockquote><p>The sea never repeats itself.</p></blockquote>`,
    });
    const routes = [`/@${site.handle}`, `/@${site.handle}/posts/the-pier-at-dawn`];
    const { runs, holds, worstPerformance, failedRuns } = await lighthouseRuns(product.url, routes, RUNS);
    return {
      row: 17,
      name: `Lighthouse mobile on a site home (20 posts) and a post page, ${RUNS} runs each`,
      figure: worstPerformance,
      unit: worstScoreUnit(failedRuns),
      target: 'perf >= 98, a11y, BP and SEO 100, on every run',
      holds,
      detail: runs,
    };
  } finally {
    await handle.close();
    await product.stop();
    await database.drop();
  }
}
