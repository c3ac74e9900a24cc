/**
 * Issue 20's report speed: a 12-month report of one site with 10 million page
 * views, read from the daily roll-up (docs/decisions/101, 113).
 * - Row 38 on Postgres, row 39 on PGlite: p99 of GET /api/reports' service
 *   call for the last 365 days (previous period included), after the traffic
 *   is seeded in bulk with generate_series, the roll-up job has run and the
 *   tables are vacuumed and analysed as autovacuum would after a bulk load.
 *   Targets: under 200 ms on Postgres, under 1 s on PGlite.
 * The seed: 365 days x 300 pages whose views sum to 10,000,000 (page_views
 * keeps a count per site, day and page, decision 075), 3,000 visitor hashes a
 * day, five referrers a day, 2,000 members.
 * The cost of counting on the site home (visitor hash and referrer on vs a
 * crawler's uncounted view) is rows 22 and 23 of bench/site.bench.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { dayOf, presetRange } from '../common/report-range.ts';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createReportsService } from '../server/reports/reports-service.ts';
import { createRollUp } from '../server/reports/roll-up.ts';
import { createBenchDatabase } from './lib/processes.ts';
import type { BenchRow } from './lib/row.ts';

const DAYS = 365;
const PAGES = 300;
const VIEWS = 10_000_000;
const VISITORS_PER_DAY = 3000;
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 200);

async function seed(handle: DatabaseHandle): Promise<string> {
  const { db } = handle;
  const ownerId = 'bench-reports-owner';
  await db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role, email_verified)
    values (${ownerId}, 'owner@bench.test', 'Bench Owner', 'Bench', 'bench', '', 'creator', true)`);
  await db.execute(sql`insert into sites (owner_id, handle, title, published_at) values (${ownerId}, 'bench-reports', 'Bench', now())`);
  const site = sql`(select id from sites where handle = 'bench-reports')`;
  // Views per page and day: an even share each, the remainder one apiece to the first rows, so the sum is exactly VIEWS.
  const perRow = Math.floor(VIEWS / (DAYS * PAGES));
  const remainder = VIEWS - perRow * DAYS * PAGES;
  await db.execute(sql`insert into page_views (site_id, day, path, views)
    select ${site}, current_date - d, '/posts/post-' || p, ${perRow} + case when d * ${PAGES} + p <= ${remainder} then 1 else 0 end
    from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${PAGES}) p`);
  await db.execute(sql`insert into visitor_days (site_id, day, visitor)
    select ${site}, current_date - d, md5(d || '-' || v) from generate_series(0, ${DAYS - 1}) d, generate_series(1, ${VISITORS_PER_DAY}) v`);
  await db.execute(sql`insert into referrer_days (site_id, day, host, utm_source, views)
    select ${site}, current_date - d, 'ref' || r || '.example', '', 100 from generate_series(0, ${DAYS - 1}) d, generate_series(1, 5) r`);
  await db.execute(sql`insert into tiers (site_id, name, type, position) values (${site}, 'Free', 'free', 0)`);
  await db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role)
    select 'bench-member-' || n, 'member' || n || '@bench.test', 'Member ' || n, 'Member', 'm' || n, '', 'member' from generate_series(1, 2000) n`);
  await db.execute(sql`insert into memberships (site_id, user_id, tier_id, status, source, created_at)
    select ${site}, 'bench-member-' || n, (select id from tiers where site_id = ${site}), 'active', 'free', now() - (n % 365) * interval '1 day' from generate_series(1, 2000) n`);
  return ownerId;
}

async function p99(handle: DatabaseHandle, ownerId: string): Promise<{ p99: number; median: number; views: number }> {
  const reports = createReportsService({ db: handle.db });
  const range = presetRange(DAYS, dayOf(new Date()));
  const times: number[] = [];
  let views = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const report = await reports.reportFor(ownerId, range);
    times.push(performance.now() - started);
    views = report?.totals.views ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p99: times[Math.ceil(times.length * 0.99) - 1]!, median: times[Math.floor(times.length / 2)]!, views };
}

async function measure(handle: DatabaseHandle): Promise<{ p99: number; median: number; views: number; seedMs: number; rollUpMs: number }> {
  await migrateDatabase(handle);
  const seeding = performance.now();
  const ownerId = await seed(handle);
  const seedMs = performance.now() - seeding;
  const rolling = performance.now();
  await createRollUp({ db: handle.db, clock: () => new Date() }).rollUp();
  const rollUpMs = performance.now() - rolling;
  // What autovacuum does after a bulk load, done now: otherwise the runs race its pass over the million hashes the
  // roll-up just deleted, and the planner reads freshly seeded tables with no statistics.
  await handle.db.execute(sql`vacuum analyze`);
  return { ...(await p99(handle, ownerId)), seedMs: Math.round(seedMs), rollUpMs: Math.round(rollUpMs) };
}

export async function benchReports(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const database = await createBenchDatabase();
  try {
    const handle = await connectDatabase({ url: database.url });
    try {
      const result = await measure(handle);
      rows.push({ row: 38, name: '12-month report, 10M page views, Postgres (p99)', figure: Math.round(result.p99 * 10) / 10, unit: 'ms', target: '< 200 ms', holds: result.p99 < 200 && result.views === VIEWS, detail: result });
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-reports-'));
  try {
    const handle = await connectDatabase({ pgliteDir: dir });
    try {
      const result = await measure(handle);
      rows.push({ row: 39, name: '12-month report, 10M page views, PGlite (p99)', figure: Math.round(result.p99 * 10) / 10, unit: 'ms', target: '< 1000 ms', holds: result.p99 < 1000 && result.views === VIEWS, detail: result });
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
