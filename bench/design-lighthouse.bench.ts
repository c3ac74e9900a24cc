/**
 * Row 42: Lighthouse (mobile preset) on the home and a post page of a site
 * in each designed theme (studio, editorial, bold), LIGHTHOUSE_RUNS times
 * each (3 unless told): sections, the theme's stylesheet and its own font.
 * Target as row 17: performance >= 98 on every run, 100 for the rest.
 */
import { newSectionSettings, type Design, type Section, type ThemeName } from '../common/design.ts';
import { connectDatabase } from '../db/connect.ts';
import { siteDesigns } from '../db/design-schema.ts';
import { insertPost, insertSite, userIdOf } from '../tests/support/site-fixtures.ts';
import { lighthouseRuns, RUNS, worstScoreUnit } from './lighthouse.bench.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const THEMED: ThemeName[] = ['studio', 'editorial', 'bold'];
const ACCENTS: Record<ThemeName, string> = { classic: '#6d28d9', studio: '#2563eb', editorial: '#9b2c2c', bold: '#ff5a36' };

const section = (type: Section['type'], settings: Partial<Section['settings']> = {}): Section => ({ id: type, type, hidden: false, settings: { ...newSectionSettings(type), ...settings } }) as Section;

function design(theme: ThemeName): Design {
  return {
    theme,
    mode: theme === 'bold' ? 'dark' : 'light',
    colors: { accent: ACCENTS[theme] },
    logoId: null,
    faviconId: null,
    nav: [{ label: 'Shop', url: 'https://example.com/shop' }],
    footer: { text: 'Recorded on the coast.', links: [{ label: 'Contact', url: 'mailto:hi@example.com' }] },
    social: [{ network: 'instagram', url: 'https://instagram.com/harbour' }],
    seo: { description: 'Field recordings from the coast, every week.', imageId: null },
    sections: [
      section('hero', { text: 'Field recordings from the coast, every week.' }),
      section('latest-posts', { layout: 'grid', count: 9 }),
      section('testimonials', { items: [{ quote: 'The best thing in my inbox each week.', name: 'Ada', role: 'Member' }] }),
      section('faq', { items: [{ question: 'How often do you post?', answer: 'Every Sunday night.' }] }),
      section('join', {}),
    ],
  };
}

export async function benchDesignLighthouse(): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const handle = await connectDatabase({ url: database.url });
  try {
    const db = handle.db;
    const routes: string[] = [];
    for (const theme of THEMED) {
      const owner = await createAccount(product.url);
      const { site } = await insertSite(db, await userIdOf(db, owner.email), { title: 'Harbour Sounds', about: 'We walk the shore at night with two microphones.' });
      for (let index = 0; index < 12; index += 1) {
        await insertPost(db, site.id, { title: `Recording ${index}: the harbour at low tide`, excerpt: 'Waves, stones and the wind in the masts.', publishedAt: new Date(Date.UTC(2026, 0, 1 + index)) });
      }
      await insertPost(db, site.id, {
        slug: 'the-pier-at-dawn',
        title: 'The pier at dawn',
        excerpt: 'Gulls, rope and a fishing boat leaving.',
        previewHtml: `${'<p>At five the pier is empty but for the gulls; the boats knock against the fenders and the tide turns.</p>'.repeat(4)}<h2>What we heard</h2><ul><li>Rope on wood</li><li>A diesel engine, far off</li></ul>`,
      });
      // Written before the product reads the site, so no kept copy can be stale.
      await db.insert(siteDesigns).values({ siteId: site.id, published: design(theme), publishedVersion: 1, publishedAt: new Date() });
      routes.push(`/@${site.handle}`, `/@${site.handle}/posts/the-pier-at-dawn`);
    }
    const { runs, holds, worstPerformance, failedRuns } = await lighthouseRuns(product.url, routes, RUNS);
    return {
      row: 37,
      name: `Lighthouse mobile on the home and a post page of the studio, editorial and bold themes, ${RUNS} runs each`,
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
