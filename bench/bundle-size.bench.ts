/**
 * Row 5: gzipped JS and CSS that /, /login and /signup load before interaction,
 * measured by loading each page in Chromium and summing the gzip twins of every
 * script and stylesheet it requested. Budget: 110 KB of JS for /.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../tests/support/browser.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import type { BenchRow } from './lib/row.ts';

const CLIENT_DIR = path.resolve('dist/client');
const BUDGET_KB = 110;

function gzippedBytes(urlPath: string): number {
  const file = path.join(CLIENT_DIR, urlPath);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export async function benchBundleSize(): Promise<BenchRow> {
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error('dist/client is not built: run `npm run build` first');
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const browser = await launchChromium();
  try {
    const pages: Record<string, { jsKb: number; cssKb: number }> = {};
    for (const route of ['/', '/login', '/signup']) {
      const page = await browser.newPage();
      const assets = new Set<string>();
      page.on('request', (request) => {
        const type = request.resourceType();
        if (type === 'script' || type === 'stylesheet') assets.add(new URL(request.url()).pathname);
      });
      await page.goto(`${product.url}${route}`, { waitUntil: 'networkidle' });
      let js = 0;
      let css = 0;
      for (const asset of assets) {
        if (asset.endsWith('.js')) js += gzippedBytes(asset);
        else css += gzippedBytes(asset);
      }
      pages[route] = { jsKb: Math.round((js / 1024) * 10) / 10, cssKb: Math.round((css / 1024) * 10) / 10 };
      await page.close();
    }
    const landingJs = pages['/']!.jsKb;
    return { row: 5, name: 'gzipped initial JS (+CSS) of /, /login, /signup', figure: landingJs, unit: 'KB JS on /', target: `<= ${BUDGET_KB} KB`, holds: landingJs <= BUDGET_KB, detail: pages };
  } finally {
    await browser.close();
    await product.stop();
    await database.drop();
  }
}
