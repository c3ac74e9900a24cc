/**
 * Account basics in Chromium (issue 29 item 7): the studio's sidebar signs out
 * on a desktop and from the phone's menu, the account page changes the
 * password (a wrong current one said under its field, the other devices
 * signed out), deletes an account with its password or, without one, a mailed
 * code, and a member signs out on a site's account page. Screenshots
 * at 375 and 1280 px in /tmp/shots-account/.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../common/api-types.ts';
import { memberships, sites } from '../../db/content-schema.ts';
import { rateLimits, users } from '../../db/schema.ts';
import { signUpVerified, STRONG_PASSWORD } from '../support/accounts.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { screenshot } from '../support/screenshots.ts';
import { insertMembership, insertSite, insertTier, userIdOf } from '../support/site-fixtures.ts';

const SHOTS = '/tmp/shots-account';
const NEW_PASSWORD = 'amber-quarry-94';

describe.skipIf(!chromiumAvailable)('account basics in Chromium', () => {
  const app = useE2eApp();

  async function signedInPage(client: TestClient, width: number) {
    const observed = await app.open({ width, height: 900 });
    await observed.page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: app.server.url })));
    return observed;
  }

  async function stillSignedIn(page: Page): Promise<boolean> {
    const answer = await page.evaluate(async () => (await fetch('/api/auth/me')).json() as Promise<{ user: PublicUser | null }>);
    return answer.user !== null;
  }

  it('signs out from the sidebar on a desktop', async () => {
    const { client, email } = await signUpVerified(app.server);
    const { page, errors } = await signedInPage(client, 1280);
    await page.goto(`${app.server.url}/settings/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Creator area' });
    await expect.poll(() => nav.getByText(email).isVisible()).toBe(true);
    await screenshot(page, `${SHOTS}/account-1280.png`, { fullPage: true });
    await nav.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await stillSignedIn(page)).toBe(false);
    // The session is gone on the server, not only in this tab.
    expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
    expect(errors).toEqual([]);
  });

  it('signs out from the menu on a phone', async () => {
    const { client } = await signUpVerified(app.server);
    const { page, errors } = await signedInPage(client, 375);
    await page.goto(`${app.server.url}/settings/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await screenshot(page, `${SHOTS}/account-375.png`, { fullPage: true });
    await page.getByRole('button', { name: /menu/i }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Creator area menu' });
    await drawer.waitFor();
    await screenshot(page, `${SHOTS}/menu-375.png`);
    await drawer.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
    expect(errors).toEqual([]);
  });

  it('changes the password: a wrong current one is said under its field, then the other devices are signed out', async () => {
    const { client, email } = await signUpVerified(app.server);
    const elsewhere = createTestClient(app.server.url);
    expect((await elsewhere.post('/api/auth/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    const { page, errors } = await signedInPage(client, 375);
    await page.goto(`${app.server.url}/settings/account`);
    await page.getByRole('heading', { name: 'Password', level: 2 }).waitFor();

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    const wrong = page.getByText('That is not your current password.');
    await wrong.waitFor();
    // The field says it is wrong, and focus is back on it.
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('account-current-password');
    await screenshot(page, `${SHOTS}/password-wrong-375.png`, { fullPage: true });

    await page.getByLabel('Current password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed, and one other device was signed out.').waitFor();
    await screenshot(page, `${SHOTS}/password-changed-375.png`, { fullPage: true });
    expect(await stillSignedIn(page)).toBe(true);
    expect((await elsewhere.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
    const third = createTestClient(app.server.url);
    expect((await third.post('/api/auth/login', { email, password: NEW_PASSWORD })).status).toBe(200);

    // Sign out everywhere else: the device signed in since ends, this one stays, and the page says how many.
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText('Signed out of one other device.').waitFor();
    expect(await stillSignedIn(page)).toBe(true);
    expect((await third.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
    expect(unexpectedErrors(errors, [401])).toEqual([]);
  });

  it('asks for the e-mail change and says where the link went', async () => {
    const { client } = await signUpVerified(app.server);
    const { page, errors } = await signedInPage(client, 1280);
    await page.goto(`${app.server.url}/settings/account`);
    const newEmail = `moved.${process.pid}.${Date.now()}@example.com`;
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByLabel('Your password').first().fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByText(`We sent a link to ${newEmail}.`).waitFor();
    const [mail] = await app.server.smtp.waitForMail(newEmail);
    await page.goto(mail!.links[0]!);
    await page.getByText('Your e-mail address was changed.').waitFor();
    await expect.poll(() => page.getByText(`You sign in with ${newEmail}.`).isVisible()).toBe(true);
    expect(page.url()).toBe(`${app.server.url}/settings/account`);
    await screenshot(page, `${SHOTS}/email-changed-1280.png`, { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('deletes a creator’s account after the export offer, the typed handle and the password, and waits while a member pays', async () => {
    const db = app.server.handle.db;
    const { client, email } = await signUpVerified(app.server);
    const { site } = await insertSite(db, await userIdOf(db, email), { title: 'Harbour Sounds' });
    const paid = await insertTier(db, site.id);
    const fan = await signUpVerified(app.server);
    const paying = await insertMembership(db, { siteId: site.id, userId: await userIdOf(db, fan.email), tierId: paid.id, source: 'stripe', stripeSubscriptionId: `sub_${site.id}` });

    const { page, errors } = await signedInPage(client, 375);
    await page.goto(`${app.server.url}/settings/account`);
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByText('One member still pays your site through Stripe.', { exact: false }).waitFor();
    expect(await section.getByRole('button', { name: 'Delete my account' }).count()).toBe(0);
    await screenshot(page, `${SHOTS}/delete-held-375.png`, { fullPage: true });

    // Stripe reports the subscription cancelled: the page, loaded again, offers the deletion.
    await db.update(memberships).set({ status: 'canceled' }).where(eq(memberships.id, paying.id));
    await page.reload();
    await section.getByRole('link', { name: /Export CSV/ }).waitFor();
    await section.getByText(`your site “Harbour Sounds” (@${site.handle})`, { exact: false }).waitFor();
    await section.getByLabel(`Type “${site.handle}” to confirm`).fill('harbour');
    await section.getByLabel('Your password').fill(STRONG_PASSWORD);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await section.getByText(`Type “${site.handle}” exactly, to confirm.`).waitFor();
    await section.getByLabel(`Type “${site.handle}” to confirm`).fill(site.handle);
    await screenshot(page, `${SHOTS}/delete-ready-375.png`, { fullPage: true });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${app.server.url}/`);
    expect((await client.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
    expect(await db.$count(sites, eq(sites.id, site.id))).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('deletes a creator’s account that has no password with a code from the e-mail, and says a wrong code under its field', async () => {
    const db = app.server.handle.db;
    const { client, email } = await signUpVerified(app.server);
    const userId = await userIdOf(db, email);
    // As after a Google sign-up: the account has no password.
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
    await insertSite(db, userId, { title: 'Quiet Studio' });
    // The sign-up's mail was a moment ago: the code's mail may go now.
    await db.delete(rateLimits);

    const { page, errors } = await signedInPage(client, 1280);
    await page.goto(`${app.server.url}/settings/account`);
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByText('Your account has no password: confirm with a code we e-mail you.').waitFor();
    await section.getByRole('button', { name: 'E-mail me a code' }).click();
    await section.getByText(`We sent a code to ${email}.`, { exact: false }).waitFor();
    const mail = await app.server.smtp.waitForMailAbout(email, 'delete your account');
    const code = /is (\d{6})\./.exec(mail.text)![1]!;
    const handle = (await db.select({ handle: sites.handle }).from(sites).where(eq(sites.ownerId, userId)))[0]!.handle;
    await section.getByLabel(`Type “${handle}” to confirm`).fill(handle);
    const wrong = code === '000000' ? '111111' : '000000';
    await section.getByRole('textbox', { name: 'Code from the e-mail' }).fill(wrong);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await section.getByText('That code is not right, or it has expired. Ask for a new one.').waitFor();
    expect(await section.getByRole('textbox', { name: 'Code from the e-mail' }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, `${SHOTS}/delete-by-code-1280.png`, { fullPage: true });
    await section.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${app.server.url}/`);
    expect(await db.$count(users, eq(users.id, userId))).toBe(0);
    // The wrong code's answer is the 400 the page showed.
    expect(unexpectedErrors(errors, [400])).toEqual([]);
  });

  it('signs a member out on the site’s account page', async () => {
    const db = app.server.handle.db;
    const creator = await signUpVerified(app.server);
    const { site, freeTier } = await insertSite(db, await userIdOf(db, creator.email), { title: 'Harbour Sounds', brandColor: '#0f766e' });
    const member = await signUpVerified(app.server);
    expect((await member.client.post(`/api/sites/${site.handle}/join`, { tierId: freeTier.id })).status).toBe(201);
    for (const width of [375, 1280]) {
      const fresh = createTestClient(app.server.url);
      expect((await fresh.post('/api/auth/login', { email: member.email, password: STRONG_PASSWORD })).status).toBe(200);
      const { page, errors } = await signedInPage(fresh, width);
      await page.goto(`${app.server.url}/@${site.handle}/account`);
      await page.getByText(`You are signed in as ${member.email}.`).waitFor();
      await screenshot(page, `${SHOTS}/site-account-${width}.png`, { fullPage: true });
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`**/@${site.handle}`);
      expect((await fresh.get<{ user: PublicUser | null }>('/api/auth/me')).body.user).toBeNull();
      expect(unexpectedErrors(errors)).toEqual([]);
    }
  });
});
