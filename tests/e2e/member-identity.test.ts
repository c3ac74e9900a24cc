/**
 * A member in Chromium (issue 10 item 1, docs/decisions/059): signing in at
 * /login lands them on the creator's site they joined, not in the creator's
 * wizard; at /onboarding (their account page, the site's, offers nothing of
 * the platform) they start a site of their own, which asks their niche and
 * then runs the wizard. Screenshots at 375 and 1280 px in
 * /tmp/shots-identity/.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import { signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { chromiumAvailable, gotoApp } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { createTestClient } from '../support/http-client.ts';
import { insertMembership, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-identity';

describe.skipIf(!chromiumAvailable)('a member in Chromium', () => {
  const app = useE2eApp();
  let handle = '';
  const email = uniqueEmail('member.e2e');

  beforeAll(async () => {
    const db = app.server.handle.db;
    const creator = await signUpVerified(app.server);
    const { site, freeTier } = await insertSite(db, await userIdOf(db, creator.email), { title: 'Harbour Sounds', brandColor: '#0f766e' });
    handle = site.handle;
    // A member with a password (made before a join took one e-mail field, docs/decisions/145), then the mailed link: a verified member of the site.
    const visitor = createTestClient(app.server.url);
    const signedIn = await app.server.services.accounts.signup({ fullName: 'Nora Listener', email, password: STRONG_PASSWORD, agreeToTerms: true, role: 'member', siteId: site.id }, { ip: '127.0.0.1', userAgent: 'test' });
    await insertMembership(db, { siteId: site.id, userId: signedIn.user.id, tierId: freeTier.id });
    visitor.cookies.set('session', signedIn.session.token);
    const [mail] = await app.server.smtp.waitForMail(email);
    expect((await visitor.visit(mail!.links[0]!)).headers.get('location')).toBe(`/@${handle}`);
  });

  it('signs in at /login and lands on the site they joined, then starts a site of their own', async () => {
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await gotoApp(page, `${app.server.url}/login`);
    await page.getByLabel(/^email/i).fill(email);
    await page.getByLabel(/^password/i).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/@${handle}`);
    await page.getByRole('heading', { name: 'Harbour Sounds', level: 1 }).waitFor();

    // Opening /login again while signed in sends them back too, never into the wizard.
    await page.goto(`${app.server.url}/login`);
    await page.waitForURL(`**/@${handle}`);

    // The site's account page offers nothing of the platform (issue 29); the platform's own address starts a site.
    await page.goto(`${app.server.url}/@${handle}/account`);
    await page.getByRole('heading', { name: 'Your membership' }).waitFor();
    expect(await page.getByText('Start your own site').count()).toBe(0);
    await screenshot(page, `${SHOTS}/account-1280.png`, { fullPage: true });
    await page.goto(`${app.server.url}/onboarding`);
    const step = page.getByRole('heading', { name: 'Start your own site' });
    await step.waitFor();
    for (const offer of ['30 days free trial', '0% revenue cut']) await page.getByText(offer).waitFor();

    // The same screen on a phone, with the same session.
    const phone = await app.open({ width: 375, height: 812 });
    await phone.page.context().addCookies(await page.context().cookies());
    await phone.page.goto(`${app.server.url}/onboarding`);
    await phone.page.getByRole('heading', { name: 'Start your own site' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone.page, `${SHOTS}/onboarding-start-site-375.png`, { fullPage: true });
    // A member is sent from the rest of the creator area to this step.
    await phone.page.goto(`${app.server.url}/dashboard/overview`);
    await phone.page.waitForURL('**/onboarding');
    await phone.page.getByRole('heading', { name: 'Start your own site' }).waitFor();
    expect(unexpectedErrors(phone.errors)).toEqual([]);

    await page.getByRole('button', { name: 'Start my site' }).click();
    await page.getByText('Please select your niche.').waitFor();
    expect(await page.getByLabel(/niche/i).first().getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `${SHOTS}/onboarding-start-site-1280.png`, { fullPage: true });
    await page.getByLabel(/niche/i).first().selectOption('music');
    await page.getByRole('button', { name: 'Start my site' }).click();

    // The wizard continues as for any creator, at its first step.
    await page.getByRole('heading', { name: 'Your handle' }).waitFor();
    expect(await step.count()).toBe(0);
    await screenshot(page, `${SHOTS}/onboarding-wizard-after-start-1280.png`, { fullPage: true });
    const db = app.server.handle.db;
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'creator', niche: 'music' });
    expect(await db.$count(memberships, eq(memberships.userId, row!.id))).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
