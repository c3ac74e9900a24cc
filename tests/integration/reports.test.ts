/**
 * Reports, activity, support and the operator's sites (issue 20) on the real
 * app and database: page views counted with a daily visitor hash and nothing
 * raw kept (every column of every table is searched for the reader's address
 * and user agent), bots left out, referrers as hosts; the roll-up feeds
 * /api/reports and its CSV; /api/activity pages newest first; /support mails
 * the operator; an admin suspends a site (410) and restores it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ActivityEvent } from '../../common/api/reports.ts';
import type { AdminSite, AdminStats } from '../../common/api/admin.ts';
import type { MembersAnswer } from '../../common/api/members.ts';
import { ACTIVITY_PAGE_MAX } from '../../common/activity.ts';
import type { Database } from '../../db/connect.ts';
import { pageViews, tiers as tierRows } from '../../db/content-schema.ts';
import { activityEvents, referrerDays, siteDays, visitorDays } from '../../db/reports-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertTiers, seedMembers } from '../support/members-fixtures.ts';
import { insertPost } from '../support/site-fixtures.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

/** The reader whose traces the database must not hold. */
const READER_IP = '203.0.113.77';
const READER_UA = 'Mozilla/5.0 (X11; Linux x86_64) ReportsTestReader/7f3a9 Safari/537.36';
const OTHER_IP = '198.51.100.23';

const clock = createTestClock(new Date('2026-03-10T12:00:00Z'));
let server: TestServer;
let creator: Creator;
let other: Creator;

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock, env: { TRUST_PROXY: 'loopback' } });
  creator = await creatorWithSite(server);
  other = await creatorWithSite(server);
});

afterAll(async () => {
  await server?.stop();
});

const db = (): Database => server.handle.db;
const visit = (path: string, headers: Record<string, string> = {}) =>
  createTestClient(server.url).get(path, { 'user-agent': READER_UA, 'x-forwarded-for': READER_IP, ...headers });

function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/** Every text-like column of every table of the app, searched for `needle`; answers "table.column" of each hit. */
async function columnsHolding(needle: string): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db().execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'bytea', 'inet', 'ARRAY')`),
  );
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const found = rowsOf<{ hit: boolean }>(
      await db().execute(sql`select exists (select 1 from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${`%${needle}%`}) as hit`),
    );
    if (found[0]?.hit) hits.push(`${table}.${column}`);
  }
  return hits;
}

describe('counting', () => {
  it('counts views and one visitor a day per address and user agent, keeps the referrer host and utm_source, and nothing raw', async () => {
    const post = await insertPost(db(), creator.siteId, { slug: 'tides', title: 'Tides' });
    expect((await visit(`/@${creator.handle}?utm_source=Newsletter`, { referer: 'https://www.example.org/some/path?secret=1' })).status).toBe(200);
    await visit(`/@${creator.handle}/posts/${post.slug}`, { referer: `${server.url}/@${creator.handle}` });
    await visit(`/@${creator.handle}/posts/${post.slug}`, { referer: 'https://news.example.net/item?id=9' });
    await visit(`/@${creator.handle}/join`);
    await visit(`/@${creator.handle}`, { 'x-forwarded-for': OTHER_IP });
    // Bots and clients that say nothing are not readers.
    await visit(`/@${creator.handle}`, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await visit(`/@${creator.handle}`, { 'user-agent': '' });
    await server.services.pageViews.flush();

    const views = await db().select().from(pageViews).where(eq(pageViews.siteId, creator.siteId));
    expect(Object.fromEntries(views.map((row) => [row.path, row.views]))).toEqual({ '/': 2, '/posts/tides': 2, '/join': 1 });
    const visitors = await db().select().from(visitorDays).where(eq(visitorDays.siteId, creator.siteId));
    expect(visitors).toHaveLength(2);
    expect(visitors.every((row) => row.day === '2026-03-10' && /^[A-Za-z0-9_-]{22}$/.test(row.visitor))).toBe(true);
    const referrers = await db().select().from(referrerDays).where(eq(referrerDays.siteId, creator.siteId));
    expect(referrers.map(({ host, utmSource, views: count }) => ({ host, utmSource, views: count })).sort((a, b) => a.host.localeCompare(b.host))).toEqual([
      { host: 'example.org', utmSource: 'newsletter', views: 1 },
      { host: 'news.example.net', utmSource: '', views: 1 },
    ]);

    expect(await columnsHolding(READER_IP)).toEqual([]);
    expect(await columnsHolding('ReportsTestReader')).toEqual([]);
    expect(await columnsHolding('secret=1')).toEqual([]);
  });

  it('gives the same reader another hash on another day, so days cannot be linked', async () => {
    const { siteId, handle } = await creatorWithSite(server);
    await visit(`/@${handle}`);
    await server.services.pageViews.flush();
    clock.advance(24 * 3600_000);
    await visit(`/@${handle}`);
    await server.services.pageViews.flush();
    const rows = await db().select().from(visitorDays).where(eq(visitorDays.siteId, siteId));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.visitor).not.toBe(rows[1]!.visitor);
    clock.advance(-24 * 3600_000);
  });
});

describe('GET /api/reports', () => {
  it('reads the roll-up: visitors and views per day, top posts, referrers, members, MRR, conversion and the previous period', async () => {
    const tiers = await insertTiers(db(), creator.siteId);
    // Seeded members join from 2025-01-01 an hour apart: every 5th pays 500 a month (seedMembers).
    await seedMembers(db(), creator.siteId, tiers, 20, 'rep');
    await server.services.reportsRollUp.rollUp();
    const answer = await creator.client.get<Report>('/api/reports?from=2026-03-04&to=2026-03-10');
    expect(answer.status, answer.text).toBe(200);
    const report = answer.body;
    expect(report.range).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(report.previous).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1)).toMatchObject({ day: '2026-03-10', views: 5, visitors: 2 });
    expect(report.totals).toMatchObject({ views: 5, visitors: 2, joinViews: 1 });
    expect(report.topPosts).toEqual([{ path: '/posts/tides', title: 'Tides', postId: expect.any(String), views: 2 }]);
    expect(report.referrers.map((row) => row.host)).toEqual(['example.org', 'news.example.net']);
    // Of 20: 11 ended the day after joining; 13 past due, 5, 10, 15, 20 active stripe = paying; 7 and 14 comped (free side).
    expect(report.totals.paidMembers).toBe(5);
    expect(report.totals.freeMembers).toBe(14);
    expect(report.totals.mrr).toBe(2500);
    expect(report.currency).toBe('usd');
    expect(report.previousTotals.views).toBe(0);
  });

  it('gives the same top posts from the monthly roll-up as from the days, for ranges across month edges', async () => {
    const { siteId, client } = await creatorWithSite(server);
    await db().execute(sql`insert into page_views (site_id, day, path, views)
      select ${siteId}, date '2026-01-10' + d, '/posts/p' || p, 1 + (d * p) % 7 from generate_series(0, 58) d, generate_series(1, 12) p`);
    await server.services.reportsRollUp.rollUp();
    await db().execute(sql`insert into page_months (site_id, month, path, views)
      select site_id, date_trunc('month', day)::date, path, sum(views)::int from page_views where site_id = ${siteId} group by 1, 2, 3
      on conflict (site_id, month, path) do update set views = excluded.views`);
    for (const [from, to] of [['2026-01-10', '2026-03-09'], ['2026-02-01', '2026-02-28'], ['2026-01-31', '2026-03-01'], ['2026-02-05', '2026-02-06'], ['2026-01-01', '2026-03-10'], ['2026-01-05', '2026-03-25'], ['2026-02-02', '2026-02-27'], ['2026-01-20', '2026-02-27']]) {
      const expected = rowsOf<{ path: string; views: number }>(
        await db().execute(sql`select path, sum(views)::int as views from page_views where site_id = ${siteId} and day between ${from}::date and ${to}::date group by path order by 2 desc, 1 limit 10`),
      );
      const answer = await client.get<Report>(`/api/reports?from=${from}&to=${to}`);
      expect(answer.body.topPosts.map(({ path, views }) => ({ path, views })), `${from}..${to}`).toEqual(expected);
    }
  });

  it('gives the days as CSV, one table at a time', async () => {
    const answer = await creator.client.get('/api/reports?from=2026-03-09&to=2026-03-10&format=csv&table=days');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toContain('report-days-2026-03-09-to-2026-03-10.csv');
    expect(answer.text.split('\r\n')).toEqual([
      '"day","visitors","views","free_members","paid_members","mrr_usd_minor_units","one_time_revenue_usd_minor_units"',
      '"2026-03-09","0","0","14","5","2500","0"',
      '"2026-03-10","2","5","14","5","2500","0"',
      '',
    ]);
    const posts = await creator.client.get('/api/reports?from=2026-03-09&to=2026-03-10&format=csv&table=posts');
    expect(posts.text).toContain('"Tides","/posts/tides","2"');
  });

  it('is only the signed-in creator’s: another creator sees their own empty site whatever they ask', async () => {
    const mine = await other.client.get<Report>(`/api/reports?from=2026-03-04&to=2026-03-10&siteId=${creator.siteId}&handle=${creator.handle}`);
    expect(mine.status).toBe(200);
    expect(mine.body.totals.views).toBe(0);
    expect(mine.body.topPosts).toEqual([]);
    expect((await createTestClient(server.url).get('/api/reports?from=2026-03-04&to=2026-03-10')).status).toBe(401);
    const member = await creatorWithSite(server);
    await db().update(users).set({ role: 'member' }).where(eq(users.id, member.userId));
    for (const path of ['/api/reports?from=2026-03-04&to=2026-03-10', '/api/activity', '/api/support', '/api/admin/stats']) expect((await member.client.get(path)).status, path).toBe(403);
  });
});

describe('GET /api/activity', () => {
  it('lists membership events and recorded ones newest first, filtered by type, paged by cursor', async () => {
    const { siteId, handle, client } = await creatorWithSite(server);
    const tiers = await insertTiers(db(), siteId);
    const fan = await signUpVerified(server);
    const start = clock.clock().getTime();
    const at = (minute: number) => new Date(start + minute * 60_000);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    let post: { id: string; title: string };
    try {
      // Everything through the real forms and the studio, a minute apart: the fan joins, leaves, joins, leaves and joins again.
      for (let minute = 0; minute < 5; minute++) {
        clock.advance(at(minute).getTime() - clock.clock().getTime());
        const sent = minute % 2 ? await fan.client.post(`/@${handle}/account/leave`, '', form) : await fan.client.post(`/@${handle}/join`, `tierId=${tiers.free.id}`, form);
        expect(sent.status, sent.text).toBe(303);
      }
      clock.advance(at(10).getTime() - clock.clock().getTime());
      const published = await client.post<{ post: { id: string; title: string } }>('/api/posts', { title: 'Launch day', body: { type: 'doc', content: [] }, status: 'published' });
      expect(published.status, published.text).toBe(201);
      post = published.body.post;
    } finally {
      clock.advance(start - clock.clock().getTime());
    }
    const { members } = (await client.get<MembersAnswer>(`/api/members?q=${encodeURIComponent(fan.email)}`)).body;
    const member = { id: members[0]!.id, name: members[0]!.name, email: fan.email };

    const first = await client.get<{ events: ActivityEvent[]; nextCursor: string | null }>('/api/activity?limit=4');
    expect(first.status, first.text).toBe(200);
    expect(first.body.events.map((event) => event.type)).toEqual(['post-published', 'joined', 'canceled', 'joined']);
    expect(first.body.events[0]!.post).toEqual({ id: post.id, title: 'Launch day' });
    expect(first.body.events[1]!.member).toEqual(member);
    const second = await client.get<{ events: ActivityEvent[]; nextCursor: string | null }>(`/api/activity?limit=4&cursor=${first.body.nextCursor}`);
    expect(second.body.events.map((event) => event.type)).toEqual(['canceled', 'joined']);
    expect(second.body.nextCursor).toBeNull();

    const canceled = await client.get<{ events: ActivityEvent[] }>('/api/activity?type=canceled');
    expect(canceled.body.events.map((event) => event.occurredAt)).toEqual([at(3).toISOString(), at(1).toISOString()]);

    await db().execute(sql`insert into activity_events (site_id, type, post_id, occurred_at)
      select ${siteId}, 'post-published', ${post.id}, timestamptz '2026-02-01' + n * interval '1 minute' from generate_series(1, ${ACTIVITY_PAGE_MAX}) n`);
    const capped = await client.get<{ events: ActivityEvent[]; nextCursor: string | null }>(`/api/activity?limit=${ACTIVITY_PAGE_MAX + 50}`);
    expect(capped.body.events).toHaveLength(ACTIVITY_PAGE_MAX);
    expect(capped.body.nextCursor).not.toBeNull();
    expect((await client.get<{ events: ActivityEvent[] }>('/api/activity')).body.events).toHaveLength(50);
    for (const bad of ['type=bogus', 'limit=0', 'limit=-3', 'limit=abc', 'cursor=not-a-cursor']) expect((await client.get(`/api/activity?${bad}`)).status, bad).toBe(400);
    // Another creator's events never show: theirs is empty.
    expect((await other.client.get<{ events: ActivityEvent[] }>('/api/activity')).body.events.filter((event) => event.post?.id === post.id)).toEqual([]);
  });

  it('records a post published from the studio', async () => {
    const { client, siteId } = await creatorWithSite(server);
    const created = await client.post('/api/posts', { title: 'Fresh', body: { type: 'doc', content: [] }, status: 'published' });
    expect(created.status, created.text).toBe(201);
    const events = await db().select().from(activityEvents).where(eq(activityEvents.siteId, siteId));
    expect(events.map((event) => event.type)).toEqual(['post-published']);
  });
});

describe('support', () => {
  it('shows the operator address, version and maintenance, and mails the operator the message with the account details', async () => {
    const info = await creator.client.get<{ supportEmail: string; version: string; maintenance: boolean }>('/api/support');
    expect(info.body).toEqual({ supportEmail: 'support@creator.test', version: expect.stringMatching(/^\d+\.\d+\.\d+/), maintenance: false });
    const sent = await creator.client.post('/api/support/messages', { subject: 'Payouts <b>late</b>', message: 'My payout did not arrive.\nCan you look?' });
    expect(sent.status, sent.text).toBe(202);
    const [mail] = await server.smtp.waitForMail('support@creator.test');
    expect(mail!.subject).toContain('Payouts <b>late</b>');
    expect(mail!.text).toContain('My payout did not arrive.');
    expect(mail!.text).toContain(creator.email);
    expect(mail!.text).toContain(`/@${creator.handle}`);
    expect(mail!.html).toContain('Payouts &#60;b&#62;late&#60;/b&#62;');
  });
});

describe('the operator', () => {
  let admin: Creator;

  beforeAll(async () => {
    admin = await creatorWithSite(server);
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  });

  it('counts the platform and finds sites by handle, title or owner', async () => {
    const stats = await admin.client.get<AdminStats>('/api/admin/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.sites).toBeGreaterThanOrEqual(3);
    expect(stats.body.members).toBeGreaterThanOrEqual(20);
    const found = await admin.client.get<{ sites: AdminSite[] }>(`/api/admin/sites?q=${encodeURIComponent(creator.handle)}`);
    expect(found.body.sites.map((site) => site.id)).toEqual([creator.siteId]);
    expect((await admin.client.get<{ sites: AdminSite[] }>('/api/admin/sites?q=%25_')).body.sites).toEqual([]);
    expect((await creator.client.get('/api/admin/stats')).status).toBe(403);
    expect((await sendJson(server, creator.client, 'PUT', `/api/admin/sites/${other.siteId}/suspension`)).status).toBe(403);
  });

  it('suspends a site: its cached pages go at once and answer 410; restored, they are back', async () => {
    const home = `/@${other.handle}`;
    expect((await visit(home)).status).toBe(200);
    expect((await visit(home)).status).toBe(200);
    expect(server.services.pageCache.get(home)).toBeDefined();
    expect((await sendJson(server, admin.client, 'PUT', `/api/admin/sites/${other.siteId}/suspension`)).status).toBe(204);
    const gone = await visit(home);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('This site is suspended');
    expect((await visit(`${home}/join`)).status).toBe(410);
    const reader = await creatorWithSite(server);
    const freeTier = (await db().select().from(tierRows).where(eq(tierRows.siteId, other.siteId)))[0];
    expect((await reader.client.post(`/api/sites/${other.handle}/join`, { tierId: freeTier?.id ?? crypto.randomUUID() })).status).toBe(410);
    expect((await admin.client.get<{ sites: AdminSite[] }>(`/api/admin/sites?q=${other.handle}`)).body.sites[0]!.suspendedAt).not.toBeNull();
    expect((await sendJson(server, admin.client, 'DELETE', `/api/admin/sites/${other.siteId}/suspension`)).status).toBe(204);
    expect((await visit(home)).status).toBe(200);
    expect((await sendJson(server, admin.client, 'PUT', '/api/admin/sites/00000000-0000-4000-8000-000000000000/suspension')).status).toBe(404);
    expect((await sendJson(server, admin.client, 'PUT', '/api/admin/sites/not-an-id/suspension')).status).toBe(404);
  });
});

describe('the roll-up', () => {
  it('leaves a day it closed alone when run again, and deletes the hashes of closed days', async () => {
    const before = await db().select().from(siteDays).where(eq(siteDays.siteId, creator.siteId));
    clock.advance(3 * 24 * 3600_000);
    await server.services.reportsRollUp.rollUp();
    await server.services.reportsRollUp.rollUp();
    clock.advance(-3 * 24 * 3600_000);
    const after = await db().select().from(siteDays).where(eq(siteDays.siteId, creator.siteId));
    const day = (rows: typeof after) => rows.find((row) => row.day === '2026-03-10');
    expect(day(after)).toMatchObject({ views: 5, visitors: 2, closed: true });
    expect(day(before)).toMatchObject({ views: 5, visitors: 2 });
    expect(await db().select().from(visitorDays).where(eq(visitorDays.day, '2026-03-10'))).toEqual([]);
  });
});
