/**
 * Issue 17: a site home rendered from a published design with ten sections
 * against today's home (the same 20 posts, no design), both from the same
 * product process in the same run.
 * - Row 40, signed in: every request renders (the compiled design is kept in
 *   memory; the sections' extra reads are featured posts and tiers).
 * - Row 41, anonymous: both answered from the page cache.
 * Target: the designed home keeps at least 0.9 of today's throughput.
 */
import { newSectionSettings, type Design, type Section } from '../common/design.ts';
import { connectDatabase } from '../db/connect.ts';
import { siteDesigns } from '../db/design-schema.ts';
import { insertPost, insertSite, userIdOf } from '../tests/support/site-fixtures.ts';
import { alternate } from './lib/alternate.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const TARGET = 0.9;
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

const measure = (url: string, headers: Record<string, string>) => async () => {
  const result = await generateLoad({ url, connections: 10, seconds: 4, headers });
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
  return result.requestsPerSecond;
};

const section = (type: Section['type'], settings: Partial<Section['settings']> = {}): Section => ({ id: type, type, hidden: false, settings: { ...newSectionSettings(type), ...settings } }) as Section;

function tenSections(featured: string[]): Design {
  return {
    theme: 'editorial',
    mode: 'light',
    colors: { accent: '#9b2c2c' },
    logoId: null,
    faviconId: null,
    nav: [{ label: 'Archive', url: '/archive' }, { label: 'Shop', url: 'https://example.com/shop' }],
    footer: { text: 'Recorded on the coast.', links: [{ label: 'Contact', url: 'mailto:hi@example.com' }] },
    social: [{ network: 'instagram', url: 'https://instagram.com/harbour' }],
    seo: { description: 'Field recordings from the coast.', imageId: null },
    sections: [
      section('hero', { heading: 'Harbour Sounds', text: 'Field recordings from the coast, every week.' }),
      section('about', { text: 'We record the sea at night.\n\nMembers hear it first.' }),
      section('featured-posts', { postIds: featured }),
      section('latest-posts', { layout: 'grid', count: 20 }),
      section('tiers', { text: 'Choose how you support the recordings.' }),
      section('links', { links: Array.from({ length: 5 }, (_, index) => ({ label: `Link ${index + 1}`, url: `https://example.com/${index}` })) }),
      section('testimonials', { items: Array.from({ length: 3 }, (_, index) => ({ quote: 'The best thing in my inbox each week.', name: `Reader ${index}`, role: 'Member' })) }),
      section('faq', { items: Array.from({ length: 5 }, (_, index) => ({ question: `Question ${index}?`, answer: 'An answer of a sentence or two.' })) }),
      section('text', { heading: 'Gear', text: 'A recorder, two microphones and a windshield.' }),
      section('join', {}),
    ],
  };
}

export async function benchDesign(pairs: number): Promise<BenchRow[]> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const handle = await connectDatabase({ url: database.url });
  try {
    const db = handle.db;
    const [plainOwner, designedOwner, reader] = await Promise.all([createAccount(product.url), createAccount(product.url), createAccount(product.url)]);
    const { site: plain } = await insertSite(db, await userIdOf(db, plainOwner.email));
    const { site: designed } = await insertSite(db, await userIdOf(db, designedOwner.email));
    const featured: string[] = [];
    for (let index = 0; index < 24; index += 1) {
      for (const site of [plain, designed]) {
        const post = await insertPost(db, site.id, { title: `Recording ${index}: the harbour at low tide`, excerpt: 'Waves, stones and the wind in the masts.', publishedAt: new Date(Date.UTC(2026, 0, 1 + index)) });
        if (site === designed && index < 3) featured.push(post.id);
      }
    }
    // Written before the product ever reads the site, so no copy of it can be stale.
    await db.insert(siteDesigns).values({ siteId: designed.id, published: tenSections(featured), publishedVersion: 1, publishedAt: new Date() });
    const page = await (await fetch(`${product.url}/@${designed.handle}`)).text();
    if (!page.includes('data-theme="editorial"') || !page.includes('id="s-faq"')) throw new Error('the designed home did not render its design');
    const bytes = { designed: page.length, today: (await (await fetch(`${product.url}/@${plain.handle}`)).text()).length };
    process.stderr.write(`design page bytes: ${JSON.stringify(bytes)}\n`);

    const rows: BenchRow[] = [];
    for (const { row, name, headers } of [
      { row: 35, name: 'GET /@{handle}, 10-section design, signed in (rendered)', headers: { cookie: reader.cookie } },
      { row: 36, name: 'GET /@{handle}, 10-section design, anonymous (page cache)', headers: BROWSER },
    ]) {
      const result = await alternate(pairs, measure(`${product.url}/@${designed.handle}`, headers), measure(`${product.url}/@${plain.handle}`, headers));
      process.stderr.write(`design ${name}: ${result.medianRatio.toFixed(2)} (${result.ratios.map((ratio) => ratio.toFixed(2)).join(', ')})\n`);
      rows.push({ row, name: `${name} vs today's home, same posts`, figure: result.medianRatio, unit: 'ratio (req/s)', target: `>= ${TARGET}`, holds: result.medianRatio >= TARGET, detail: { ...result, bytes } });
    }
    return rows;
  } finally {
    await handle.close();
    await product.stop();
    await database.drop();
  }
}
