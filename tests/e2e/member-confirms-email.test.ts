/**
 * A fan who joined but has not confirmed their e-mail, in Chromium at phone
 * width (issue 15 item 6, docs/decisions/065): a members post shows them its
 * preview and a call to confirm their e-mail, whose action leads to the page
 * that sends the link again; the link from the mail brings them back to the
 * site, where the post now reads whole. Screenshots in /tmp/shots-confirm/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { insertMembership, insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-confirm';
const SECRET = 'The lighthouse keeper’s log, every night of the storm.';

describe.skipIf(!chromiumAvailable)('a fan who has not confirmed their e-mail (Chromium, 375 px)', () => {
  const app = useE2eApp();
  let handle = '';
  const email = uniqueEmail('fan.e2e');
  let fan: TestClient;

  beforeAll(async () => {
    const db = app.server.handle.db;
    const creator = await signUpVerified(app.server);
    const { site, freeTier } = await insertSite(db, await userIdOf(db, creator.email), { title: 'Harbour Sounds', brandColor: '#0f766e' });
    handle = site.handle;
    await insertPost(db, site.id, { slug: 'keeper', title: 'The keeper', visibility: 'members', previewHtml: '<p>It starts at dusk.</p>', gatedHtml: `<p>${SECRET}</p>` });
    // A member who signed up with a password before a join took one e-mail field (docs/decisions/145): signed in, not confirmed yet.
    fan = createTestClient(app.server.url);
    const signedIn = await app.server.services.accounts.signup({ fullName: 'Nora Listener', email, password: STRONG_PASSWORD, agreeToTerms: true, role: 'member', siteId: site.id }, { ip: '127.0.0.1', userAgent: 'test' });
    await insertMembership(db, { siteId: site.id, userId: signedIn.user.id, tierId: freeTier.id });
    fan.cookies.set('session', signedIn.session.token);
  });

  it('is asked to confirm, reaches the page that sends the link again, and reads the post after following the mailed link', async () => {
    const { page, errors } = await app.open({ width: 375, height: 812 });
    await page.context().addCookies([...fan.cookies].map(([name, value]) => ({ name, value, url: app.server.url })));

    await page.goto(`${app.server.url}/@${handle}/posts/keeper`);
    await page.getByRole('heading', { name: 'Confirm your e-mail to read this post' }).waitFor();
    await page.getByText('It starts at dusk.').waitFor();
    expect(await page.content()).not.toContain(SECRET);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await screenshot(page, `${SHOTS}/post-confirm-375.png`, { fullPage: true });

    await page.getByRole('link', { name: 'Send the link again' }).click();
    await page.waitForURL('**/verify-email');
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByRole('button', { name: 'Resend email' }).waitFor();
    await screenshot(page, `${SHOTS}/verify-email-375.png`, { fullPage: true });

    const [mail] = await app.server.smtp.waitForMail(email);
    expect(mail!.subject).toBe('Confirm your e-mail to read Harbour Sounds');
    await page.goto(mail!.links[0]!);
    await page.waitForURL((url) => url.pathname === `/@${handle}`);
    await page.goto(`${app.server.url}/@${handle}/posts/keeper`);
    await page.getByText(SECRET).waitFor();
    expect(await page.getByRole('heading', { name: 'Confirm your e-mail to read this post' }).count()).toBe(0);
    await screenshot(page, `${SHOTS}/post-whole-375.png`, { fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
