/**
 * Issue 29 items 1-3 in Chromium (docs/decisions/142): a creator changes the
 * site's one colour in Settings > General, which says the design holds it and
 * links to Customize site for the logo; the site's pages then wear that
 * colour, show no "Powered by" (PLATFORM_BADGE unset) and the member's account
 * page offers nothing of the platform; the member's confirmation mail, read
 * from the SMTP sink, is the site's and reads at 375 and 1280 px, and so is
 * the unsubscribe page of its welcome mail.
 * Screenshots in /tmp/shots-one-brand/.
 */
import { describe, expect, it } from 'vitest';
import type { DesignState } from '../../common/api/design.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { signUpVerified } from '../support/accounts.ts';
import { sendJson } from '../support/creator-site.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { insertMembership, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-one-brand';
const TEAL = '#0f766e';

describe.skipIf(!chromiumAvailable)('one brand and a white label in Chromium', () => {
  const app = useE2eApp();

  it('saves the one colour in settings, and the site, its account page and its mail show only the site', async () => {
    const { db } = app.server.handle;
    const creator = await signUpVerified(app.server);
    const { site, freeTier } = await insertSite(db, await userIdOf(db, creator.email), { title: 'Harbour Sounds' });

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    const [name, value] = [...creator.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await page.context().addCookies([{ name, value, url: app.server.url }]);
    await gotoApp(page, `${app.server.url}/settings/general`);
    await page.getByRole('heading', { name: 'Site details' }).waitFor();
    await page.getByText('Your site’s one colour').waitFor();
    expect(await page.getByRole('link', { name: 'Customize site' }).last().getAttribute('href')).toBe('/customize-site');
    await page.getByLabel('Brand colour', { exact: true }).fill(TEAL);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your site settings are saved.').waitFor();
    await screenshot(page, `${SHOTS}/settings-general-1280.png`, { fullPage: true });
    const design = await creator.client.get<DesignState>('/api/design');
    expect(design.body.draft.colors.accent).toBe(TEAL);

    const phone = await app.open({ width: 375, height: 812 });
    await phone.page.context().addCookies([{ name, value, url: app.server.url }]);
    await gotoApp(phone.page, `${app.server.url}/settings/general`);
    await phone.page.getByText('Your site’s one colour').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone.page, `${SHOTS}/settings-general-375.png`, { fullPage: true });

    // Welcomes on: the member below gets one, whose unsubscribe page is looked at last.
    expect((await sendJson(app.server, creator.client, 'PUT', '/api/email/welcome', { enabled: true, text: 'Welcome aboard.' })).status).toBe(200);

    // A member of the site, signed in, on the site's home and account page.
    const member = await signUpVerified(app.server);
    const memberId = await userIdOf(db, member.email);
    await insertMembership(db, { siteId: site.id, userId: memberId, tierId: freeTier.id });
    const reader = await app.open({ width: 375, height: 812 });
    const [memberCookie, memberValue] = [...member.client.cookies].find(([cookie]) => cookie.endsWith('session'))!;
    await reader.page.context().addCookies([{ name: memberCookie, value: memberValue, url: app.server.url }]);
    await reader.page.goto(`${app.server.url}/@${site.handle}`);
    await reader.page.locator('footer').waitFor();
    expect(await reader.page.locator('footer').textContent()).not.toContain('Powered by');
    expect(await reader.page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim())).toBe(TEAL);
    await screenshot(reader.page, `${SHOTS}/site-home-375.png`, { fullPage: true });
    await reader.page.goto(`${app.server.url}/@${site.handle}/account`);
    await reader.page.getByRole('heading', { name: 'Your membership' }).waitFor();
    expect(await reader.page.locator('body').textContent()).not.toMatch(/Start your own site|Creator Platform|Powered by/);
    expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(reader.page, `${SHOTS}/account-375.png`, { fullPage: true });

    // A new member's confirmation mail, as the sink received it, in a browser at both widths.
    const fanEmail = `fan-${process.pid}@members.example`;
    await db.insert(users).values({ id: `onebrandfan${process.pid}`, email: fanEmail, fullName: 'Fan', displayName: 'Fan', username: `obf${process.pid}`.slice(0, 12), niche: '', role: 'member', emailVerified: false });
    await insertMembership(db, { siteId: site.id, userId: `onebrandfan${process.pid}`, tierId: freeTier.id });
    await db.insert(mailOutbox).values({ recipient: fanEmail, subject: 'Confirm', template: 'verify-email', params: { userId: `onebrandfan${process.pid}`, siteId: site.id } });
    const [mail] = await app.server.smtp.waitForMail(fanEmail);
    expect(mail!.from.name).toBe('Harbour Sounds');
    expect(mail!.html).toContain(TEAL);
    expect(mail!.html).not.toContain('Creator Platform');
    for (const [shot, width] of [
      ['mail-confirm-375', 375],
      ['mail-confirm-1280', 1280],
    ] as const) {
      const viewer = await app.open({ width, height: 900 });
      await viewer.page.setContent(mail!.html);
      await viewer.page.getByRole('link', { name: 'Confirm my e-mail' }).waitFor();
      expect(await viewer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(viewer.page, `${SHOTS}/${shot}.png`, { fullPage: true });
    }

    // The welcome's unsubscribe page: the site's name and colour, at both widths.
    await app.server.services.email.welcome.sendDue();
    const welcomeOf = () => app.server.smtp.mailsTo(member.email).find((received) => received.subject === 'Welcome to Harbour Sounds');
    await expect.poll(welcomeOf, { timeout: 20_000 }).toBeDefined();
    const welcome = welcomeOf();
    const unsubscribe = /^<([^>]+)>$/.exec(welcome!.headers.find((line) => line.key === 'list-unsubscribe')!.value)![1]!;
    for (const [shot, width] of [
      ['unsubscribe-375', 375],
      ['unsubscribe-1280', 1280],
    ] as const) {
      const viewer = await app.open({ width, height: 700 });
      await viewer.page.goto(unsubscribe);
      await viewer.page.getByRole('heading', { name: 'Unsubscribe from Harbour Sounds?' }).waitFor();
      expect(await viewer.page.getByRole('link', { name: 'Harbour Sounds' }).getAttribute('href')).toBe(`${app.server.url}/@${site.handle}`);
      expect(await viewer.page.getByRole('button', { name: 'Unsubscribe' }).evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(15, 118, 110)');
      expect(await viewer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(viewer.page, `${SHOTS}/${shot}.png`, { fullPage: true });
      expect(unexpectedErrors(viewer.errors)).toEqual([]);
    }

    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(phone.errors)).toEqual([]);
    expect(unexpectedErrors(reader.errors)).toEqual([]);
  });
});
