/**
 * A member's own rights in Chromium at 375 px (issue 30 item 8,
 * docs/decisions/159): on the site's account page, a fan who joined by e-mail
 * (no password) downloads their data, then deletes the account with the code
 * read from the mail, and lands on the site's home, signed out, with a notice.
 * The page fits 320 px and passes the accessibility check at each step.
 * Screenshots in /tmp/shots-member-rights/.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountData } from '../../common/api/member-rights.ts';
import { rateLimits, users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { createTestClient } from '../support/http-client.ts';
import { joinByEmail } from '../support/join-by-email.ts';
import { screenshot } from '../support/screenshots.ts';
import { insertSite } from '../support/site-fixtures.ts';

const SHOTS = '/tmp/shots-member-rights';

describe.skipIf(!chromiumAvailable)('a member’s own rights (Chromium)', () => {
  const app = useE2eApp();

  it('downloads their data and deletes the account with a mailed code, at 375 px', async () => {
    const { db } = app.server.handle;
    const [owner] = await db
      .insert(users)
      .values(buildNewUser({ email: uniqueEmail('owner.e2e'), fullName: 'Olive Owner', niche: 'music', passwordHash: null, emailVerified: true, now: new Date() }))
      .returning();
    const { site, freeTier } = await insertSite(db, owner!.id, { title: 'Tide Tables' });
    const email = uniqueEmail('leaving.e2e');
    const fan = createTestClient(app.server.url);
    await joinByEmail(fan, app.server.smtp, { handle: site.handle, tierId: freeTier.id, email });
    // The join mail was a moment ago: the code's mail may go now.
    await db.delete(rateLimits);

    const { page, errors } = await app.open({ width: 375, height: 812 });
    const [name, value] = [...fan.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
    await page.context().addCookies([{ name, value, url: app.server.url }]);
    await page.goto(`${app.server.url}/@${site.handle}/account`);
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/account-375.png`, { fullPage: true });

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as AccountData;
    expect(data.profile.email).toBe(email);
    expect(data.memberships.map((membership) => membership.site.title)).toEqual(['Tide Tables']);

    await page.getByRole('link', { name: 'Delete my account…' }).click();
    await page.getByRole('heading', { name: 'Delete your account?' }).waitFor();
    await page.getByText('Your account has no password: confirm with a code we e-mail you.').waitFor();
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByText('We sent a code to your e-mail.').waitFor();
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/confirm-375.png`, { fullPage: true });
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 375, height: 812 });

    const mail = await app.server.smtp.waitForMailAbout(email, 'delete your account');
    const code = /is (\d{6})\./.exec(mail.text)![1]!;
    await page.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL((url) => url.pathname === `/@${site.handle}` && url.search === '?account=deleted');
    await page.getByText('Your account is deleted.').waitFor();
    await screenshot(page, `${SHOTS}/deleted-375.png`, { fullPage: true });
    expect(await page.getByRole('navigation', { name: 'Membership' }).getByRole('link', { name: 'Sign in' }).count()).toBe(1);
    expect(await db.$count(users, eq(users.email, email))).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
