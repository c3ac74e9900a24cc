/**
 * Rows 18-20: /subscribers at 100,000 members (issue 10, "Speed"). The list's
 * default page, a deep page (by cursor), a search and a filter with a sort,
 * each against a bare Express peer running the same query hand-written in SQL
 * through the same driver with the same JSON (bench/peers/members-peer.ts);
 * target at least 0.5 of it. Then the CSV export of all 100,000 against
 * Postgres's own COPY TO STDOUT of the same columns (target at least 0.3),
 * with the product's peak RSS growth while it streams. And the search against
 * the peer's same search on the plan before the trigram indexes (target 5x).
 */
import { readFileSync } from 'node:fs';
import { desc, eq, sql } from 'drizzle-orm';
import { memberships, sites } from '../db/content-schema.ts';
import { connectDatabase } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { insertTiers } from '../tests/support/members-fixtures.ts';
import { uniqueHandle, userIdOf } from '../tests/support/site-fixtures.ts';
import { alternate } from './lib/alternate.ts';
import { generateLoad } from './lib/load.ts';
import { createBenchDatabase, startProcess, startProduct } from './lib/processes.ts';
import { createAccount } from './lib/product-account.ts';
import type { BenchRow } from './lib/row.ts';

const MEMBERS = 100_000;
const LIST_TARGET = 0.5;
const EXPORT_TARGET = 0.3;
/** Issue 15: the search at least 5 times what it was before the trigram indexes. */
const SEARCH_INDEX_TARGET = 5;
const SEARCH_PATH = '/api/members?q=member4242';

function rssBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

export async function benchMembers(pairs: number): Promise<BenchRow[]> {
  const database = await createBenchDatabase();
  const product = await startProduct(database.url);
  const handle = await connectDatabase({ url: database.url });
  let peer: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    const db = handle.db;
    const owner = await createAccount(product.url);
    const ownerId = await userIdOf(db, owner.email);
    await db.update(users).set({ emailVerified: true, isVerified: true }).where(eq(users.id, ownerId));
    const [site] = await db.insert(sites).values({ ownerId, handle: uniqueHandle('members'), title: 'Harbour Sounds', publishedAt: new Date() }).returning();
    const tiers = await insertTiers(db, site!.id);
    await db.execute(sql`insert into users (id, email, full_name, display_name, username, niche, role)
      select 'bench' || n, 'member' || n || '@bench.example', 'Member ' || n || ' ' || substr(md5(n::text), 1, 8), 'Member', 'bench' || n, '', 'member'
      from generate_series(1, ${MEMBERS}::int) as n`);
    await db.execute(sql`insert into memberships (site_id, user_id, tier_id, status, source, lifetime_value, current_period_end, created_at, stripe_subscription_id)
      select ${site!.id}::uuid, 'bench' || n,
        case when n % 5 = 0 or n % 7 = 0 then ${tiers.gold.id}::uuid else ${tiers.free.id}::uuid end,
        case when n % 11 = 0 then 'canceled' when n % 7 = 0 then 'comped' else 'active' end,
        case when n % 7 = 0 then 'comp' when n % 5 = 0 then 'stripe' else 'free' end,
        case when n % 5 = 0 and n % 7 <> 0 then (n % 17) * 500 else 0 end,
        case when n % 5 = 0 and n % 7 <> 0 then now() + (n % 29) * interval '1 day' end,
        timestamptz '2024-01-01' + n * interval '1 minute',
        case when n % 5 = 0 and n % 7 <> 0 then 'sub_bench_' || n end
      from generate_series(1, ${MEMBERS}::int) as n`);
    await db.execute(sql`analyze users; analyze memberships`);
    peer = await startProcess('bench/peers/members-peer.ts', { DATABASE_URL: database.url, SITE_ID: site!.id });

    const headers = { cookie: owner.cookie };
    const firstPage = (await (await fetch(`${product.url}/api/members`, { headers })).json()) as { next: string; total: number };
    if (firstPage.total !== MEMBERS) throw new Error(`expected ${MEMBERS} members, the product counts ${firstPage.total}`);
    // A cursor 1,000 pages in: walk there by SQL, not by 1,000 requests.
    const [deep] = await db
      .select({ k: sql<string>`${memberships.createdAt}::text`, id: memberships.id })
      .from(memberships)
      .where(eq(memberships.siteId, site!.id))
      .orderBy(desc(memberships.createdAt), desc(memberships.id))
      .offset(50_000)
      .limit(1);
    const deepCursor = Buffer.from(JSON.stringify({ s: 'joined', o: 'desc', d: 'a', k: deep!.k, id: deep!.id })).toString('base64url');

    const cases = [
      { row: 18, name: 'GET /api/members, first page of 100,000 (with the count)', path: '/api/members' },
      { row: 18, name: 'GET /api/members, a page 50,000 members deep (cursor)', path: `/api/members?cursor=${deepCursor}` },
      { row: 19, name: 'GET /api/members, search by name or e-mail', path: SEARCH_PATH },
      { row: 19, name: 'GET /api/members, paying members by lifetime value', path: '/api/members?status=paying&sort=value&order=desc' },
    ];
    const rows: BenchRow[] = [];
    for (const { row, name, path } of cases) {
      const answers = await Promise.all([product.url, peer.url].map(async (url) => JSON.stringify(await (await fetch(`${url}${path}`, { headers })).json())));
      if (answers[0] !== answers[1]) throw new Error(`product and peer disagree on ${path}:\n${answers[0]!.slice(0, 400)}\n${answers[1]!.slice(0, 400)}`);
      const measure = (url: string) => async () => {
        const result = await generateLoad({ url: `${url}${path}`, connections: 10, seconds: 4, headers });
        if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
        return result.requestsPerSecond;
      };
      const result = await alternate(pairs, measure(product.url), measure(peer.url));
      process.stderr.write(`members ${name}: ${result.medianRatio.toFixed(2)} (${result.ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; product ${result.product.map((value) => value.toFixed(0)).join(', ')} req/s)\n`);
      rows.push({ row, name: `${name} vs hand-written SQL on bare Express`, figure: result.medianRatio, unit: 'ratio (req/s)', target: `>= ${LIST_TARGET}`, holds: result.medianRatio >= LIST_TARGET, detail: { ...result } });
    }

    // Row 19's index figure: the product's search against the same search on the plan before the trigram indexes.
    const search = (url: string) => async () => (await generateLoad({ url, connections: 10, seconds: 4, headers })).requestsPerSecond;
    const indexed = await alternate(pairs, search(`${product.url}${SEARCH_PATH}`), search(`${peer.url}${SEARCH_PATH}&without=trigram`));
    process.stderr.write(`members search, trigram indexes: ${indexed.medianRatio.toFixed(2)}x (${indexed.ratios.map((ratio) => ratio.toFixed(2)).join(', ')})\n`);
    rows.push({
      row: 19,
      name: 'GET /api/members, search by name or e-mail, vs the same search without the trigram indexes (the plan before migration 0008)',
      figure: indexed.medianRatio,
      unit: 'ratio (req/s)',
      target: `>= ${SEARCH_INDEX_TARGET}`,
      holds: indexed.medianRatio >= SEARCH_INDEX_TARGET,
      detail: { ...indexed },
    });

    let peakGrowth = 0;
    const download = (url: string, watchPid?: number) => async () => {
      const baseline = watchPid ? rssBytes(watchPid) : 0;
      const timer = watchPid ? setInterval(() => (peakGrowth = Math.max(peakGrowth, rssBytes(watchPid) - baseline)), 10) : undefined;
      const started = performance.now();
      const response = await fetch(`${url}/api/members/export.csv`, { headers });
      let lines = 0;
      for await (const chunk of response.body!) lines += (chunk as Uint8Array).filter((byte) => byte === 10).length;
      clearInterval(timer);
      if (lines < MEMBERS + 1) throw new Error(`${url} exported ${lines} lines`);
      return 1000 / (performance.now() - started);
    };
    const exported = await alternate(pairs, download(product.url, product.child.pid), download(peer.url));
    process.stderr.write(`members export: ${exported.medianRatio.toFixed(2)} (${exported.ratios.map((ratio) => ratio.toFixed(2)).join(', ')}); peak RSS growth ${(peakGrowth / 1048576).toFixed(1)} MiB\n`);
    rows.push({
      row: 20,
      name: 'GET /api/members/export.csv, 100,000 members, vs COPY TO STDOUT of the same columns',
      figure: exported.medianRatio,
      unit: `ratio (exports/s); product peak RSS growth ${(peakGrowth / 1048576).toFixed(1)} MiB`,
      target: `>= ${EXPORT_TARGET}`,
      holds: exported.medianRatio >= EXPORT_TARGET,
      detail: { ...exported, peakRssGrowthBytes: peakGrowth },
    });
    return rows;
  } finally {
    await handle.close();
    await Promise.all([product.stop(), peer?.stop()]);
    await database.drop();
  }
}
