/**
 * Issue 20's "Done when" in Chromium: a creator with a year of seeded traffic
 * and members reads the reports for 30 days and 12 months, switches a chart to
 * its table and downloads its CSV, filters the activity to cancellations (of
 * fans who joined and left through the site's own forms) and sends a message
 * from /support that reaches the operator's mailbox; an admin suspends and
 * restores the site. Screenshots at 375 and 1280 px go to /tmp/shots-20/.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../common/report-range.ts';
import { sites } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { insertTiers, seedMembers } from '../support/members-fixtures.ts';
import { insertPost } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-20';

async function adoptSession(page: Page, who: Creator, url: string) {
  const [name, value] = [...who.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

const figure = (page: Page, label: string) => page.locator('.overview-figure', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('.overview-figure__value');

/** No page wider than the screen: nothing to scroll sideways at 375 px. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(!chromiumAvailable)('reports, activity, support and the operator in Chromium', () => {
  const app = useE2eApp();

  it('reads a year of figures, a table, a CSV, cancellations, writes to support; an admin suspends and restores the site', async () => {
    const db = app.server.handle.db;
    const creator = await creatorWithSite(app.server);
    await db.update(sites).set({ brandColor: '#0f766e', title: 'Harbour Sounds' }).where(eq(sites.id, creator.siteId));
    const tiers = await insertTiers(db, creator.siteId);
    await seedMembers(db, creator.siteId, tiers, 60, 'jr');
    // A year of members: spread their joining over the last 360 days.
    await db.execute(sql`update memberships set created_at = now() - ((row_number) * interval '6 days')
      from (select id as mid, row_number() over (order by created_at) as row_number from memberships where site_id = ${creator.siteId}) ranked
      where memberships.id = ranked.mid`);
    await db.execute(sql`update memberships set ended_at = created_at + interval '3 days' where site_id = ${creator.siteId} and status = 'canceled'`);
    // Recent Activity from the app's own forms (docs/decisions/125): three fans join the free tier, two of them leave again.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const fans = [await signUpVerified(app.server), await signUpVerified(app.server), await signUpVerified(app.server)];
    for (const fan of fans) expect((await fan.client.post(`/@${creator.handle}/join`, `tierId=${tiers.free.id}`, form)).status).toBe(303);
    const leaving = fans.slice(1);
    for (const fan of leaving) expect((await fan.client.post(`/@${creator.handle}/account/leave`, '', form)).status).toBe(303);
    const titles = ['Low tide at dawn', 'The foghorn sessions', 'Harbour field recordings', 'Gulls, a remix', 'Night ferry'];
    for (const [index, title] of titles.entries()) await insertPost(db, creator.siteId, { slug: `post-${index}`, title });
    // A year of traffic, in bulk: views per page and day, daily visitor hashes, referrers.
    await db.execute(sql`insert into page_views (site_id, day, path, views)
      select ${creator.siteId}, current_date - d, p.path, 40 + (d * 7 + p.weight * 13) % 90
      from generate_series(0, 364) d, (values ('/', 5), ('/join', 1), ('/posts/post-0', 4), ('/posts/post-1', 3), ('/posts/post-2', 2), ('/posts/post-3', 2), ('/posts/post-4', 1)) as p(path, weight)`);
    await db.execute(sql`insert into visitor_days (site_id, day, visitor)
      select ${creator.siteId}, current_date - d, 'seed' || v from generate_series(0, 364) d, generate_series(1, 30 + d % 25) v`);
    await db.execute(sql`insert into referrer_days (site_id, day, host, utm_source, views)
      select ${creator.siteId}, current_date - d, r.host, r.utm, 5 + d % 11
      from generate_series(0, 364) d, (values ('news.ycombinator.com', ''), ('instagram.com', ''), ('', 'newsletter')) as r(host, utm)`);
    await app.server.services.reportsRollUp.rollUp();

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);

    // 30 days by default, with the previous period beside it.
    await page.goto(`${app.server.url}/dashboard/reports`);
    await expect.poll(() => figure(page, 'Visitors').textContent()).not.toBeNull();
    expect(await page.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(Number((await figure(page, 'Page views').textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);
    // Visitors and views, members, MRR, and one-time revenue (issue 31).
    await expect.poll(() => page.locator('.uplot canvas').count()).toBe(4);
    await expect.poll(() => page.getByText(/^Compared with /).count()).toBe(1);
    await screenshot(page, `${SHOTS}/reports-30d-1280.png`, { fullPage: true });

    // Twelve months.
    await page.getByRole('button', { name: '12 months' }).click();
    await expect.poll(() => page.getByRole('heading', { name: /^Figures for/ }).textContent()).toContain(new Date(Date.now() - 364 * 86400_000).getUTCFullYear().toString());
    await expect.poll(() => page.locator('.uplot canvas').count()).toBe(4);
    await screenshot(page, `${SHOTS}/reports-12m-1280.png`, { fullPage: true });

    // The charts follow the window down to a phone's width and back, and the page never scrolls sideways.
    const chartWidths = () => page.locator('.uplot canvas').evaluateAll((canvases) => canvases.map((canvas) => canvas.getBoundingClientRect().width));
    expect(Math.min(...(await chartWidths()))).toBeGreaterThan(600);
    await page.setViewportSize({ width: 375, height: 900 });
    await expect.poll(async () => Math.max(...(await chartWidths()))).toBeLessThan(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => Math.min(...(await chartWidths()))).toBeGreaterThan(600);

    // A chart as its table, and its CSV.
    const traffic = page.locator('section', { has: page.getByRole('heading', { name: 'Visitors and page views' }) });
    await traffic.getByRole('button', { name: 'Show table' }).click();
    expect(await traffic.getByRole('button', { name: 'Show chart' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => traffic.locator('tbody tr').count()).toBe(365);
    const [download] = await Promise.all([page.waitForEvent('download'), traffic.getByRole('link', { name: /Download CSV/ }).click()]);
    const lines = readFileSync((await download.path()), 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('"day","visitors","views","free_members","paid_members","mrr_usd_minor_units","one_time_revenue_usd_minor_units"');
    expect(lines).toHaveLength(366);
    expect(lines.at(-1)).toContain(`"${dayOf(new Date())}"`);
    await screenshot(page, `${SHOTS}/reports-table-1280.png`);

    // Cancellations only.
    await page.goto(`${app.server.url}/dashboard/activity`);
    await expect.poll(() => page.locator('.activity-list__item').count()).toBeGreaterThan(0);
    await page.getByLabel('Show').selectOption('canceled');
    const canceled = leaving.length;
    await expect.poll(() => page.locator('.activity-list__type').allTextContents()).toEqual(Array.from({ length: canceled }, () => 'Canceled'));
    await page.locator('.activity-list__subject a').first().click();
    await expect.poll(() => page.url()).toMatch(/\/subscribers\/[0-9a-f-]{36}$/);
    await page.goto(`${app.server.url}/dashboard/activity`);
    await page.getByLabel('Show').selectOption('canceled');
    await expect.poll(() => page.locator('.activity-list__type').count()).toBe(canceled);
    await screenshot(page, `${SHOTS}/activity-canceled-1280.png`, { fullPage: true });

    // Support: the message reaches the operator's mailbox with the account's details.
    await page.goto(`${app.server.url}/support`);
    await expect.poll(() => page.getByText('support@creator.test').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByText('Write a subject.').count()).toBe(1);
    await page.getByLabel('Subject').fill('Payout question');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('When does my first payout arrive?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByText(/^Sent\./).count()).toBe(1);
    const [mail] = await app.server.smtp.waitForMail('support@creator.test');
    expect(mail!.subject).toContain('Payout question');
    expect(mail!.text).toContain('When does my first payout arrive?');
    expect(mail!.text).toContain(creator.email);
    await screenshot(page, `${SHOTS}/support-1280.png`, { fullPage: true });

    // The same pages at 375 px: nothing wider than the screen.
    const phone = await app.open({ width: 375, height: 812 });
    await adoptSession(phone.page, creator, app.server.url);
    for (const [path, shot] of [
      ['/dashboard/reports', 'reports-30d-375'],
      ['/dashboard/activity', 'activity-375'],
      ['/support', 'support-375'],
      ['/dashboard/overview', 'overview-375'],
    ] as const) {
      await phone.page.goto(`${app.server.url}${path}`);
      await expect.poll(() => phone.page.locator('h1').count()).toBeGreaterThan(0);
      await phone.page.waitForLoadState('networkidle');
      expect(await overflows(phone.page), path).toBe(false);
      await screenshot(phone.page, `${SHOTS}/${shot}.png`, { fullPage: true });
    }
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Recent activity' }).count()).toBe(1);

    // The operator suspends the site (its page answers 410) and restores it.
    const admin = await creatorWithSite(app.server);
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    const operator = await app.open({ width: 1280, height: 900 });
    await adoptSession(operator.page, admin, app.server.url);
    await operator.page.goto(`${app.server.url}/admin`);
    await operator.page.getByLabel('Search sites by handle, title or owner e-mail').fill(creator.handle);
    await operator.page.getByRole('button', { name: 'Search' }).click();
    const row = operator.page.locator('.admin-sites__item', { hasText: 'Harbour Sounds' });
    await expect.poll(() => operator.page.locator('.admin-sites__item').count()).toBe(1);
    await row.getByRole('button', { name: /^Suspend/ }).click();
    await operator.page.getByRole('alertdialog', { name: 'Suspend Harbour Sounds?' }).getByRole('button', { name: 'Suspend site' }).click();
    await expect.poll(() => row.locator('.admin-sites__badge').count()).toBe(1);
    expect((await fetch(`${app.server.url}/@${creator.handle}`)).status).toBe(410);
    await screenshot(operator.page, `${SHOTS}/admin-suspended-1280.png`, { fullPage: true });
    await row.getByRole('button', { name: /^Restore/ }).click();
    await operator.page.getByRole('alertdialog', { name: 'Restore Harbour Sounds?' }).getByRole('button', { name: 'Restore site' }).click();
    await expect.poll(() => row.locator('.admin-sites__badge').count()).toBe(0);
    expect((await fetch(`${app.server.url}/@${creator.handle}`)).status).toBe(200);
    const small = await app.open({ width: 375, height: 812 });
    await adoptSession(small.page, admin, app.server.url);
    await small.page.goto(`${app.server.url}/admin`);
    await expect.poll(() => small.page.locator('.admin-sites__item').count()).toBeGreaterThan(0);
    expect(await overflows(small.page)).toBe(false);
    await screenshot(small.page, `${SHOTS}/admin-375.png`, { fullPage: true });

    expect(unexpectedErrors([...errors, ...phone.errors, ...operator.errors, ...small.errors])).toEqual([]);
  });
});
