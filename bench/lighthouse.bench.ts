/**
 * Row 6: Lighthouse (mobile preset) in Debian's Chromium on every public page
 * and both auth screens, each loaded LIGHTHOUSE_RUNS times (3 unless told).
 * The target must hold on every run, so the figure is the worst performance
 * score of them all; the detail keeps every run's four scores per route.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/support/browser.ts';
import { createBenchDatabase, startProduct } from './lib/processes.ts';
import type { BenchRow } from './lib/row.ts';

const ROUTES = ['/', '/login', '/signup', '/about', '/what-you-get', '/contact', '/privacy-policy', '/terms-conditions'];
export const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
export const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Where to keep every run's whole report (LIGHTHOUSE_REPORTS=dir), to read a low score's opportunities and diagnostics. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;
const reportName = (url: string) => new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/** Kept beside the scores, so a low one shows what held it back. */
const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift', si: 'speed-index' } as const;

type Scores = Record<keyof typeof TARGETS, number>;
type Metrics = Record<keyof typeof METRICS, number>;
/** A run Lighthouse finished, or one it could not finish twice in a row (NO_NAVSTART, NO_FCP, a timeout) with its reason. */
export type LighthouseRun = (Scores & { metrics: Metrics; lcpElement: string }) | { failure: string };

export interface LighthouseRuns {
  runs: Record<string, LighthouseRun[]>;
  /** Every run finished and met every target. */
  holds: boolean;
  /** The worst performance score of the finished runs. */
  worstPerformance: number;
  failedRuns: number;
}

/** The element Chromium painted last as the largest, as Lighthouse names it: where a slow LCP comes from. */
function lcpElementOf(audits: Record<string, { details?: unknown }>): string {
  const details = audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.selector ?? '';
}

/** One Lighthouse load of `url`; an unfinished load is tried once more, because its reason is Lighthouse's own (a lost navigation start), not the page's. */
async function oneRun(url: string, port: number): Promise<LighthouseRun> {
  let failure = '';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
    failure = result?.lhr.runtimeError?.code ?? (result ? '' : 'NO_RESULT');
    if (failure) {
      process.stderr.write(`lighthouse ${url}: unfinished (${failure})${attempt === 0 ? ', trying once more' : ''}\n`);
      continue;
    }
    if (REPORTS_DIR) await writeFile(path.join(REPORTS_DIR, `${reportName(url)}-${Date.now()}.json`), result!.report as string);
    const categories = result!.lhr.categories;
    const audits = result!.lhr.audits;
    const scores = Object.fromEntries(Object.keys(TARGETS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)])) as Scores;
    const metrics = Object.fromEntries(Object.entries(METRICS).map(([name, audit]) => [name, Math.round((audits[audit]?.numericValue ?? NaN) * 1000) / 1000])) as Metrics;
    return { ...scores, metrics, lcpElement: lcpElementOf(audits) };
  }
  return { failure };
}

/** Loads each path of a running server `runs` times in a fresh headless Chromium; shared with the public site's row (site-lighthouse.bench.ts). */
export async function lighthouseRuns(baseUrl: string, routes: readonly string[], runCount: number): Promise<LighthouseRuns> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const runs: LighthouseRuns['runs'] = {};
    let holds = true;
    let worstPerformance = 100;
    let failedRuns = 0;
    for (let run = 0; run < runCount; run += 1) {
      for (const route of routes) {
        const result = await oneRun(`${baseUrl}${route}`, chrome.port);
        (runs[route] ??= []).push(result);
        process.stderr.write(`lighthouse run ${run + 1} ${route}: ${JSON.stringify(result)}\n`);
        // A failed run is reported as failed, not as a score of 0, and the target cannot be said to hold over it.
        if ('failure' in result) {
          failedRuns += 1;
          holds = false;
          continue;
        }
        for (const [key, target] of Object.entries(TARGETS)) if (result[key as keyof Scores] < target) holds = false;
        worstPerformance = Math.min(worstPerformance, result.performance);
      }
    }
    return { runs, holds, worstPerformance, failedRuns };
  } finally {
    chrome.kill();
  }
}

/** The row's unit: the worst score, and how many runs Lighthouse could not finish even on a second try. */
export function worstScoreUnit(failedRuns: number): string {
  return failedRuns === 0 ? 'worst performance score' : `worst performance score of the finished runs (${failedRuns} run(s) unfinished twice)`;
}

export async function benchLighthouse(): Promise<BenchRow> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  try {
    const { runs, holds, worstPerformance, failedRuns } = await lighthouseRuns(product.url, ROUTES, RUNS);
    return {
      row: 6,
      name: `Lighthouse mobile on ${ROUTES.length} public pages and auth screens, ${RUNS} runs each`,
      figure: worstPerformance,
      unit: worstScoreUnit(failedRuns),
      target: 'perf >= 98, a11y, BP and SEO 100, on every run',
      holds,
      detail: runs,
    };
  } finally {
    await product.stop();
    await database.drop();
  }
}
