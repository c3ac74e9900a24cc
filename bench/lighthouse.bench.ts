/** Row 6: Lighthouse (mobile preset) on /, /login and /signup in Debian's Chromium. */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/support/browser.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import type { BenchRow } from './lib/row.ts';

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;

export async function benchLighthouse(): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const scores: Record<string, Record<string, number>> = {};
    let holds = true;
    let worstPerformance = 100;
    for (const route of ['/', '/login', '/signup']) {
      const result = await lighthouse(`${product.url}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
      const categories = result?.lhr.categories ?? {};
      scores[route] = Object.fromEntries(Object.keys(TARGETS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]));
      for (const [key, target] of Object.entries(TARGETS)) if ((scores[route][key] ?? 0) < target) holds = false;
      worstPerformance = Math.min(worstPerformance, scores[route].performance ?? 0);
    }
    return { row: 6, name: 'Lighthouse mobile on /, /login, /signup', figure: worstPerformance, unit: 'worst performance score', target: 'perf >= 95, a11y 100, BP >= 95, SEO >= 95', holds, detail: scores };
  } finally {
    chrome.kill();
    await product.stop();
    await database.drop();
  }
}
