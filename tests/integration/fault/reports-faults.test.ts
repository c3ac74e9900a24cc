/**
 * Faults of issue 20: report ranges that are reversed, empty, ten years long
 * or in the future; another creator's figures asked for by every parameter;
 * user agents and referrers of 10 KB, with markup, or malformed; a clock
 * stepped back across midnight; the roll-up killed halfway and run again, or
 * run twice at once; the contact form abused.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../common/api/reports.ts';
import { pageViews } from '../../../db/content-schema.ts';
import { referrerDays, siteDays, visitorDays } from '../../../db/reports-schema.ts';
import { createRollUp } from '../../../server/reports/roll-up.ts';
import { creatorWithSite, type Creator } from '../../support/creator-site.ts';
import { createTestClient } from '../../support/http-client.ts';
import { createTestClock, startTestServer, type TestServer } from '../../support/test-server.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
// Just before midnight UTC, so a step of the clock crosses it.
const clock = createTestClock(new Date('2026-05-20T23:59:58Z'));
let server: TestServer;
let creator: Creator;

beforeAll(async () => {
  server = await startTestServer({ clock: clock.clock });
  creator = await creatorWithSite(server);
});

afterAll(async () => {
  await server?.stop();
});

const db = () => server.handle.db;
const visit = (path: string, headers: Record<string, string>) => createTestClient(server.url).get(path, headers);

describe('report ranges', () => {
  const ask = (query: string) => creator.client.get<Report & { error?: { code: string; message: string } }>(`/api/reports?${query}`);

  it('refuses reversed, empty, malformed, ten-year and future ranges with a clear message', async () => {
    const cases: [string, string][] = [
      ['from=2026-05-10&to=2026-05-01', 'range-reversed'],
      ['', 'range-required'],
      ['from=&to=', 'range-required'],
      ['from=2026-05-01', 'range-required'],
      ['from=2026-02-30&to=2026-03-02', 'range-required'],
      ['from=yesterday&to=today', 'range-required'],
      ['from[]=2026-05-01&to=2026-05-02', 'range-required'],
      ['from=2016-05-20&to=2026-05-20', 'range-too-long'],
      ['from=2026-06-01&to=2026-06-30', 'range-in-future'],
      ['from=2026-05-01&to=2026-05-02&format=xml', 'invalid-input'],
      ['from=2026-05-01&to=2026-05-02&format=csv', 'invalid-input'],
      ['from=2026-05-01&to=2026-05-02&format=csv&table=users', 'invalid-input'],
    ];
    for (const [query, code] of cases) {
      const answer = await ask(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error?.code, query).toBe(code);
      expect(answer.body.error?.message.length, query).toBeGreaterThan(10);
    }
  });

  it('brings an end after today back to today', async () => {
    const answer = await ask('from=2026-05-14&to=2027-01-01');
    expect(answer.status).toBe(200);
    expect(answer.body.range).toEqual({ from: '2026-05-14', to: '2026-05-20' });
    expect(answer.body.days).toHaveLength(7);
  });

  it('never shows another creator’s figures, whatever the parameters name', async () => {
    await db().insert(siteDays).values({ siteId: creator.siteId, day: '2026-05-19', views: 777, visitors: 70 });
    const stranger = await creatorWithSite(server);
    const params = [`siteId=${creator.siteId}`, `site=${creator.handle}`, `handle=${creator.handle}`, `userId=${creator.userId}`, `ownerId=${creator.userId}`, `owner=${creator.userId}`];
    for (const extra of [...params, params.join('&')]) {
      for (const format of ['', '&format=csv&table=days']) {
        const answer = await stranger.client.get(`/api/reports?from=2026-05-01&to=2026-05-20&${extra}${format}`);
        expect(answer.status, extra).toBe(200);
        expect(answer.text, extra).not.toContain('777');
      }
    }
    expect((await creator.client.get('/api/reports?from=2026-05-01&to=2026-05-20&format=csv&table=days')).text).toContain('"777"');
  });
});

describe('hostile headers', () => {
  it('counts a reader with a 10 KB, markup or malformed user agent or referrer, keeping no part of them', async () => {
    const { siteId, handle } = await creatorWithSite(server);
    const huge = `${BROWSER} ${'x'.repeat(10 * 1024)}`;
    const visits: Record<string, string>[] = [
      { 'user-agent': huge },
      { 'user-agent': `${BROWSER} <script>alert(1)</script>` },
      { 'user-agent': BROWSER, referer: `https://${'a'.repeat(10 * 1024)}.example/` },
      { 'user-agent': BROWSER, referer: 'https://<script>alert(1)</script>.example/' },
      { 'user-agent': BROWSER, referer: 'javascript:alert(document.cookie)' },
      { 'user-agent': BROWSER, referer: 'not a url at all' },
      { 'user-agent': BROWSER, referer: 'https://ok.example/path' },
    ];
    for (const headers of visits) expect((await visit(`/@${handle}?utm_source=%3Cb%3Ex%3C%2Fb%3E`, headers)).status).toBe(200);
    await server.services.pageViews.flush();
    const [views] = await db().select().from(pageViews).where(eq(pageViews.siteId, siteId));
    expect(views?.views).toBe(visits.length);
    const referrers = await db().select().from(referrerDays).where(eq(referrerDays.siteId, siteId));
    expect(referrers.map((row) => [row.host, row.utmSource, row.views])).toEqual([['ok.example', '', 1]]);
    expect(await db().$count(visitorDays, eq(visitorDays.siteId, siteId))).toBe(3);
  });
});

describe('the clock and the roll-up', () => {
  it('counts a reader once a day when the clock steps back across midnight, and rolls up the same totals', async () => {
    const { siteId, handle } = await creatorWithSite(server);
    const reader = { 'user-agent': BROWSER };
    await visit(`/@${handle}`, reader);
    await server.services.pageViews.flush();
    clock.advance(4000); // 00:00:02 on the 21st
    await visit(`/@${handle}`, reader);
    await server.services.pageViews.flush();
    await server.services.reportsRollUp.rollUp();
    clock.advance(-3000); // stepped back to 23:59:59 on the 20th
    await visit(`/@${handle}`, reader);
    await server.services.pageViews.flush();
    await server.services.reportsRollUp.rollUp();
    clock.advance(3000);
    await server.services.reportsRollUp.rollUp();
    clock.advance(-4000);
    const days = await db().select({ day: siteDays.day, views: siteDays.views, visitors: siteDays.visitors }).from(siteDays).where(eq(siteDays.siteId, siteId)).orderBy(siteDays.day);
    expect(days).toEqual([
      { day: '2026-05-20', views: 2, visitors: 1 },
      { day: '2026-05-21', views: 1, visitors: 1 },
    ]);
  });

  it('killed halfway through, then run again, gives the same totals as one clean run', async () => {
    const { siteId } = await creatorWithSite(server);
    const days = ['2026-05-01', '2026-05-02', '2026-05-03'];
    for (const [index, day] of days.entries()) {
      await db().insert(pageViews).values({ siteId, day, path: '/', views: 10 * (index + 1) });
      await db().execute(sql`insert into visitor_days (site_id, day, visitor) select ${siteId}, ${day}::date, 'v' || n from generate_series(1, ${5 * (index + 1)}) n`);
    }
    let done = 0;
    const killed = createRollUp({
      db: db(),
      clock: clock.clock,
      afterDay: () => {
        done += 1;
        if (done === 2) throw new Error('killed');
      },
    });
    await expect(killed.rollUp()).rejects.toThrow('killed');
    // The first day is in, the second rolled back whole: its hashes are still there.
    expect(await db().$count(visitorDays, eq(visitorDays.day, '2026-05-02'))).toBe(10);
    await server.services.reportsRollUp.rollUp();
    await server.services.reportsRollUp.rollUp();
    const rows = await db().select({ day: siteDays.day, views: siteDays.views, visitors: siteDays.visitors }).from(siteDays).where(eq(siteDays.siteId, siteId)).orderBy(siteDays.day);
    expect(rows).toEqual([
      { day: '2026-05-01', views: 10, visitors: 5 },
      { day: '2026-05-02', views: 20, visitors: 10 },
      { day: '2026-05-03', views: 30, visitors: 15 },
    ]);
    expect(await db().$count(visitorDays, eq(visitorDays.siteId, siteId))).toBe(0);
  });

  it('run twice at once (a slow run and the next, two servers), counts each visitor once', async () => {
    const { siteId } = await creatorWithSite(server);
    const days = ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'];
    for (const day of days) {
      await db().insert(pageViews).values({ siteId, day, path: '/', views: 40 });
      await db().execute(sql`insert into visitor_days (site_id, day, visitor) select ${siteId}, ${day}::date, 'w' || n from generate_series(1, 25) n`);
    }
    const other = createRollUp({ db: db(), clock: clock.clock });
    await Promise.all([server.services.reportsRollUp.rollUp(), other.rollUp(), server.services.reportsRollUp.rollUp()]);
    const rows = await db().select({ visitors: siteDays.visitors }).from(siteDays).where(eq(siteDays.siteId, siteId));
    expect(rows.map((row) => row.visitors)).toEqual([25, 25, 25, 25]);
  });
});

describe('the contact form abused', () => {
  it('takes three messages an hour from one account, then 429 with Retry-After; refuses empty and oversized ones', async () => {
    const sender = await creatorWithSite(server);
    expect((await sender.client.post('/api/support/messages', { subject: '', message: 'Hello' })).status).toBe(400);
    expect((await sender.client.post('/api/support/messages', { subject: 'Hi', message: '   ' })).status).toBe(400);
    expect((await sender.client.post('/api/support/messages', { subject: 'Hi', message: 'x'.repeat(5001) })).status).toBe(400);
    expect((await sender.client.post('/api/support/messages', { subject: 'x'.repeat(151), message: 'Hello' })).status).toBe(400);
    expect((await sender.client.post('/api/support/messages', 'not json')).status).toBe(400);
    for (let index = 0; index < 3; index++) expect((await sender.client.post('/api/support/messages', { subject: `Hi ${index}`, message: 'Hello' })).status).toBe(202);
    const refused = await sender.client.post('/api/support/messages', { subject: 'Hi again', message: 'Hello' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await createTestClient(server.url).post('/api/support/messages', { subject: 'Hi', message: 'Hello' })).status).toBe(401);
  });
});
