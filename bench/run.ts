/**
 * `npm run bench [-- name ...]`: runs the benchmarks (all, or those named),
 * prints the table and writes bench/results.json. Not part of `npm test`:
 * on 2 shared cores absolute numbers are noise, so every row is a ratio
 * against a reference peer measured in the same run, or a fixed budget.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { benchBundleSize } from './bundle-size.bench.ts';
import { benchCheckout } from './checkout.bench.ts';
import { benchDomain } from './domain.bench.ts';
import { benchDesign } from './design.bench.ts';
import { benchDesignLighthouse } from './design-lighthouse.bench.ts';
import { benchEmail } from './email.bench.ts';
import { benchExport } from './export.bench.ts';
import { benchImport } from './import.bench.ts';
import { benchLatencyUnderLoad } from './latency-under-load.bench.ts';
import { benchLighthouse } from './lighthouse.bench.ts';
import type { BenchRow } from './lib/row.ts';
import { benchLogin } from './login.bench.ts';
import { benchMaintenance } from './maintenance.bench.ts';
import { benchMembers } from './members.bench.ts';
import { benchMessages } from './messages.bench.ts';
import { benchMemory } from './memory.bench.ts';
import { benchProductDownload } from './product-download.bench.ts';
import { benchReports } from './reports.bench.ts';
import { benchRoundTrip } from './round-trip.bench.ts';
import { benchSession } from './session.bench.ts';
import { benchSite } from './site.bench.ts';
import { benchSiteLighthouse } from './site-lighthouse.bench.ts';
import { benchUpload } from './upload.bench.ts';
import { benchVideo } from './video.bench.ts';
import { benchWebhooks } from './webhooks.bench.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);

const BENCHMARKS: Record<string, () => Promise<BenchRow | BenchRow[]>> = {
  maintenance: () => benchMaintenance(PAIRS),
  session: () => benchSession(PAIRS),
  login: () => benchLogin(PAIRS),
  'latency-under-load': () => benchLatencyUnderLoad(PAIRS),
  site: () => benchSite(PAIRS),
  design: () => benchDesign(PAIRS),
  members: () => benchMembers(PAIRS),
  domain: () => benchDomain(PAIRS),
  webhooks: () => benchWebhooks(PAIRS),
  email: () => benchEmail(PAIRS),
  'bundle-size': benchBundleSize,
  lighthouse: benchLighthouse,
  'site-lighthouse': benchSiteLighthouse,
  'design-lighthouse': benchDesignLighthouse,
  upload: () => benchUpload(Number(process.env.BENCH_UPLOAD_PAIRS ?? 1)),
  video: benchVideo,
  memory: benchMemory,
  reports: benchReports,
  messages: () => benchMessages(PAIRS),
  import: benchImport,
  export: benchExport,
  'round-trip': benchRoundTrip,
  'product-download': () => benchProductDownload(Number(process.env.BENCH_DOWNLOAD_PAIRS ?? 3)),
  checkout: () => benchCheckout(PAIRS),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

const rows: BenchRow[] = [];
for (const [name, bench] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  process.stderr.write(`running ${name}...\n`);
  try {
    rows.push(...[await bench()].flat());
  } catch (error) {
    console.error(`${name} failed: ${error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error)}`);
    process.exitCode = 1;
  }
}

const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
console.log('\n| # | benchmark | figure | target | holds |\n| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.row} | ${row.name} | ${format(row.figure)} ${row.unit} | ${row.target} | ${row.holds ? 'yes' : 'NO'} |`);

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
writeFileSync(
  'bench/results.json',
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, commit, pairs: PAIRS, rows }, null, 2)}\n`,
);
