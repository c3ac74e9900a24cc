/**
 * A fan joins with only an e-mail address, in Chromium (issue 29 item 4,
 * docs/decisions/145): the join page's one field and one button, "Check your
 * inbox", the link opened from the mail the SMTP sink received, the welcome,
 * and a members-only post read whole. The link opened again says it was used.
 * A member signs in from the site bar with only an e-mail (docs/decisions/152).
 * Screenshots at 375 and 1280 px in /tmp/shots-join-email/.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../common/constants.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { createTestClient } from '../support/http-client.ts';
import { joinByEmail, joinLinkFrom } from '../support/join-by-email.ts';
import { insertPost, insertSite } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { rateLimits, users } from '../../db/schema.ts';

const SHOTS = '/tmp/shots-join-email';

describe.skipIf(!chromiumAvailable)('joining with only an e-mail (Chromium)', () => {
  const app = useE2eApp();

  it('joins at 375 px from the mailed link and reads a members-only post; the link works once', async () => {
    const { db } = app.server.handle;
    const [owner] = await db
      .insert(users)
      .values(buildNewUser({ email: uniqueEmail('owner.e2e'), fullName: 'Olive Owner', niche: 'music', passwordHash: null, emailVerified: true, now: new Date() }))
      .returning();
    const { site } = await insertSite(db, owner!.id, { title: 'Tide Tables' });
    const post = await insertPost(db, site.id, { title: 'The night shift at the lighthouse', visibility: 'members', previewHtml: '<p>What the keeper hears.</p>', gatedHtml: '<p>Only members hear the foghorn recording.</p>' });

    const { page, errors } = await app.open({ width: 375, height: 812 });
    await page.goto(`${app.server.url}/@${site.handle}/join`);
    const form = page.locator('#join-signup');
    expect(await form.getByRole('textbox').count()).toBe(1);
    expect(await form.getByRole('button').count()).toBe(1);
    await form.getByText('By joining you agree to the Terms and Privacy Policy.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/join-375.png`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `${SHOTS}/join-1280.png`, { fullPage: true });
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.textContent('body')).not.toContain(PRODUCT_NAME);

    const email = uniqueEmail('fan.e2e');
    await page.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
    await page.getByRole('button', { name: 'Join for free' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page.getByText(email).waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/inbox-375.png`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `${SHOTS}/inbox-1280.png`, { fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });

    const link = await joinLinkFrom(app.server.smtp, email);
    await page.goto(link);
    // The link's page names the site and the address and waits for Continue: a mail scanner's visit uses nothing (docs/decisions/152).
    await page.getByRole('heading', { name: 'Join Tide Tables' }).waitFor();
    await page.getByText(`Continue to join Tide Tables as ${email}.`).waitFor();
    expect(await page.textContent('body')).not.toContain(PRODUCT_NAME);
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/continue-375.png`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `${SHOTS}/continue-1280.png`, { fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === `/@${site.handle}` && url.search === '?joined=1');
    await page.getByText(/Welcome! You are now a member of Tide Tables/).waitFor();
    await screenshot(page, `${SHOTS}/welcome-375.png`);

    await page.goto(`${app.server.url}/@${site.handle}/posts/${post.slug}`);
    await page.getByText('Only members hear the foghorn recording.').waitFor();
    await screenshot(page, `${SHOTS}/members-post-375.png`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `${SHOTS}/members-post-1280.png`, { fullPage: true });

    // The same link again, in a fresh browser: a clear page with the way to a new one, and nobody signed in.
    const other = await app.open({ width: 375, height: 812 });
    await other.page.goto(link);
    await other.page.getByRole('heading', { name: 'This link was already used' }).waitFor();
    expect(await other.page.getByRole('textbox', { name: 'Your e-mail' }).count()).toBe(1);
    await screenshot(other.page, `${SHOTS}/used-375.png`, { fullPage: true });
    await other.page.goto(`${app.server.url}/@${site.handle}/posts/${post.slug}`);
    expect(await other.page.getByText('Only members hear the foghorn recording.').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(other.errors)).toEqual([]);
  });

  it('a member signs in on the site from its bar with only an e-mail, at 375 and 1280 px', async () => {
    const { db } = app.server.handle;
    const [owner] = await db
      .insert(users)
      .values(buildNewUser({ email: uniqueEmail('owner.e2e'), fullName: 'Olive Owner', niche: 'music', passwordHash: null, emailVerified: true, now: new Date() }))
      .returning();
    const { site, freeTier } = await insertSite(db, owner!.id, { title: 'Tide Tables' });
    const email = uniqueEmail('member.e2e');
    // A member who joined by e-mail earlier, on another device: no password.
    await joinByEmail(createTestClient(app.server.url), app.server.smtp, { handle: site.handle, tierId: freeTier.id, email });
    await db.delete(rateLimits);

    const { page, errors } = await app.open({ width: 375, height: 812 });
    await page.goto(`${app.server.url}/@${site.handle}`);
    await page.getByRole('navigation', { name: 'Membership' }).getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Tide Tables' }).waitFor();
    expect(await page.locator('main form').getByRole('textbox').count()).toBe(1);
    await page.getByRole('link', { name: 'Sign in with a password' }).waitFor();
    expect(await page.textContent('body')).not.toContain(PRODUCT_NAME);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/sign-in-375.png`, { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `${SHOTS}/sign-in-1280.png`, { fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });

    await page.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/sign-in-sent-375.png`, { fullPage: true });

    const mails = await app.server.smtp.waitForMail(email, { count: 2 });
    expect(mails.at(-1)!.subject).toBe('Sign in to Tide Tables');
    const link = mails.at(-1)!.links.find((candidate) => candidate.includes('/sign-in/confirm?token='))!;
    await page.goto(link);
    await page.getByText(`Continue to sign in to Tide Tables as ${email}.`).waitFor();
    await screenshot(page, `${SHOTS}/sign-in-continue-375.png`, { fullPage: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === `/@${site.handle}`);
    await page.getByRole('navigation', { name: 'Membership' }).getByRole('link', { name: 'Your account' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, `${SHOTS}/signed-in-1280.png`);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
