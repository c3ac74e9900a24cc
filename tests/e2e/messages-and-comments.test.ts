/**
 * Issue 19's "Done when", in Chromium with two servers on one database: a
 * member writes to the creator from the site (server A); the creator, in the
 * studio on server B, sees it appear, replies with an image from the media
 * library; the member sees the reply without reloading and gets one e-mail
 * notice when away; members comment on a post and reply, the creator pins
 * one and hides one; a reader with JavaScript off reads the comments and
 * posts one. Screenshots at 375 and 1280 px in /tmp/shots-19/.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable, gotoApp, launchChromium, openPage, type ObservedPage } from '../support/browser.ts';
import { CLIENT_DIR, unexpectedErrors } from '../support/e2e-app.ts';
import type { TestClient } from '../support/http-client.ts';
import { makeJpeg, uploadBytes, waitForMedia } from '../support/media.ts';
import { insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-19';

describe.skipIf(!chromiumAvailable)('messages and comments in Chromium, two servers', () => {
  let a: TestServer;
  let b: TestServer;
  let browser: Browser;
  let handle = '';
  let creator: TestClient;
  let first: { client: TestClient; email: string };
  let second: { client: TestClient; email: string };

  beforeAll(async () => {
    a = await startTestServer({ clientDir: CLIENT_DIR });
    b = await startTestServer({ clientDir: CLIENT_DIR, shareWith: a });
    browser = await launchChromium();
    const db = a.handle.db;
    const owner = await signUpVerified(a, { fullName: 'Marta Keeper' });
    creator = owner.client;
    const { site, freeTier } = await insertSite(db, await userIdOf(db, owner.email), { title: 'Harbour Sounds', brandColor: '#0f766e' });
    handle = site.handle;
    await insertPost(db, site.id, { slug: 'foghorn', title: 'The foghorn at dusk', previewHtml: '<p>Forty minutes of the harbour at dusk.</p>' });
    const id = await uploadBytes(a.url, creator, await makeJpeg(640, 400), 'harbour.jpg', 'image/jpeg');
    expect((await waitForMedia(creator, id)).status).toBe('ready');
    first = await signUpVerified(a, { fullName: 'Ada Listener' });
    second = await signUpVerified(a, { fullName: 'Grace Reader' });
    for (const member of [first, second]) expect((await member.client.post(`/api/sites/${handle}/join`, { tierId: freeTier.id })).status).toBe(201);
  });

  afterAll(async () => {
    await browser?.close();
    await b?.stop();
    await a?.stop();
  });

  /** A page signed in as `client`, on either server (cookies are per host, so one set serves both). */
  async function signedIn(client: TestClient, width: number): Promise<ObservedPage> {
    const observed = await openPage(browser, { width, height: 900 });
    await observed.page.context().addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: a.url })));
    return observed;
  }

  it('a member writes from the site; the creator on the other server sees it, replies with an image; the member sees it live and gets one notice when away', async () => {
    const studio = await signedIn(creator, 1280);
    await gotoApp(studio.page, `${b.url}/messages`);
    await studio.page.getByRole('heading', { name: 'No messages yet' }).waitFor();

    const member = await signedIn(first.client, 1280);
    await member.page.goto(`${a.url}/@${handle}/account`);
    await member.page.getByRole('heading', { name: 'Messages' }).waitFor();
    await member.page.getByLabel('Write to Harbour Sounds').fill('Hello! Could you record the <b>lighthouse</b> next?');
    await member.page.getByRole('button', { name: 'Send' }).click();
    await member.page.locator('.talk__message--member').filter({ hasText: 'lighthouse' }).waitFor();
    expect(await member.page.locator('.talk__message--member b').count()).toBe(0);

    // Across servers, without a reload: the row, its unread count, the sidebar badge and the tab's title.
    const row = studio.page.getByRole('button', { name: /Ada Listener/ });
    await row.waitFor();
    await expect.poll(() => studio.page.title()).toMatch(/^\(1\) Messages/);
    expect(await studio.page.locator('.sidebar .unread-badge').first().innerText()).toContain('1');
    await screenshot(studio.page, `${SHOTS}/inbox-unread-1280.png`, { fullPage: true });

    await row.click();
    await studio.page.locator('.thread__message--member').filter({ hasText: 'Could you record the <b>lighthouse</b> next?' }).waitFor();
    await expect.poll(() => studio.page.title()).toMatch(/^Messages/);
    await studio.page.getByRole('button', { name: 'Attach an image' }).click();
    await studio.page.getByRole('dialog', { name: 'Attach an image' }).getByRole('button', { name: /harbour/ }).click();
    await studio.page.getByLabel('Your reply').fill('Yes! Here is where I will stand.');
    await studio.page.getByRole('button', { name: 'Send', exact: true }).click();
    await studio.page.locator('.thread__message--creator img').waitFor();
    await screenshot(studio.page, `${SHOTS}/thread-reply-1280.png`, { fullPage: true });

    const reply = member.page.locator('.talk__message--creator').filter({ hasText: 'Here is where I will stand.' });
    await reply.waitFor();
    await expect.poll(() => reply.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await screenshot(member.page, `${SHOTS}/account-messages-1280.png`, { fullPage: true });

    const narrowMember = await signedIn(first.client, 375);
    await narrowMember.page.goto(`${b.url}/@${handle}/account#messages`);
    await narrowMember.page.locator('.talk__message--creator').first().waitFor();
    await screenshot(narrowMember.page, `${SHOTS}/account-messages-375.png`, { fullPage: true });
    const narrowStudio = await signedIn(creator, 375);
    await gotoApp(narrowStudio.page, `${a.url}/messages`);
    await narrowStudio.page.getByRole('button', { name: /Ada Listener/ }).click();
    await narrowStudio.page.getByRole('button', { name: '← All conversations' }).waitFor();
    await screenshot(narrowStudio.page, `${SHOTS}/thread-375.png`, { fullPage: true });

    // The member goes away; the next reply waits unread and is mailed once.
    await member.page.close();
    await narrowMember.page.close();
    await studio.page.getByLabel('Your reply').fill('And the foghorn recording is up.');
    await studio.page.getByRole('button', { name: 'Send', exact: true }).click();
    await studio.page.locator('.thread__message--creator').filter({ hasText: 'foghorn recording' }).waitFor();
    const later = new Date(Date.now() + 10 * 60_000);
    await a.services.messageNotices.sendDue(later);
    await b.services.messageNotices.sendDue(later);
    const mails = await a.smtp.waitForMail(first.email, { count: 2 });
    expect(mails[1]!.subject).toBe('Harbour Sounds sent you a message');
    expect(mails[1]!.text).toContain('And the foghorn recording is up.');
    expect(new URL(mails[1]!.links[0]!).pathname).toBe(`/@${handle}/account`);
    expect(a.smtp.mailsTo(first.email)).toHaveLength(2);

    expect(unexpectedErrors([...studio.errors, ...member.errors, ...narrowMember.errors, ...narrowStudio.errors])).toEqual([]);
  });

  it('members comment and reply, the creator pins one and hides one, and a reader without JavaScript reads them and posts one', async () => {
    const post = `/@${handle}/posts/foghorn`;
    const ada = await signedIn(first.client, 1280);
    await ada.page.goto(`${a.url}${post}`);
    await ada.page.getByLabel('Add a comment').fill('Listened twice. See https://example.com/tides for the tide table.');
    await ada.page.getByRole('button', { name: 'Post comment' }).click();
    await ada.page.getByText('Your comment is posted.').waitFor();
    expect(await ada.page.getByRole('link', { name: 'https://example.com/tides' }).getAttribute('rel')).toBe('ugc nofollow');

    const grace = await signedIn(second.client, 375);
    await grace.page.goto(`${b.url}${post}`);
    await grace.page.locator('summary', { hasText: 'Reply' }).click();
    await grace.page.getByLabel('Your reply').fill('Same here, the gulls at minute 12!');
    await grace.page.getByRole('button', { name: 'Reply', exact: true }).click();
    await grace.page.getByText('Your comment is posted.').waitFor();
    await grace.page.getByLabel('Add a comment').fill('Off topic: anyone selling a boat?');
    await grace.page.getByRole('button', { name: 'Post comment' }).click();
    await grace.page.locator('.comment').filter({ hasText: 'anyone selling a boat?' }).waitFor();

    const studio = await signedIn(creator, 1280);
    await studio.page.goto(`${b.url}${post}`);
    await studio.page.getByRole('button', { name: 'Pin the comment of Ada Listener' }).click();
    await studio.page.locator('.comment--pinned').filter({ hasText: 'tide table' }).waitFor();
    await studio.page
      .locator('.comment')
      .filter({ hasText: 'anyone selling a boat?' })
      .getByRole('button', { name: 'Hide the comment of Grace Reader' })
      .click();
    await studio.page.locator('.comment--hidden').filter({ hasText: 'anyone selling a boat?' }).waitFor();
    await screenshot(studio.page, `${SHOTS}/post-comments-creator-1280.png`, { fullPage: true });
    await grace.page.reload();
    await grace.page.locator('.comment--pinned').waitFor();
    expect(await grace.page.content()).not.toContain('anyone selling a boat?');
    await screenshot(grace.page, `${SHOTS}/post-comments-375.png`, { fullPage: true });

    // A reader with JavaScript off: reads the comments and posts one with the plain form.
    const context: BrowserContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
    await context.addCookies([...first.client.cookies].map(([name, value]) => ({ name, value, url: a.url })));
    const plain = await context.newPage();
    await plain.goto(`${a.url}${post}`);
    expect(await plain.locator('.comment--pinned').innerText()).toContain('tide table');
    expect(await plain.locator('.comment__replies').innerText()).toContain('the gulls at minute 12');
    await plain.getByLabel('Add a comment').fill('Posted without JavaScript.');
    await plain.getByRole('button', { name: 'Post comment' }).click();
    await plain.getByText('Your comment is posted.').waitFor();
    expect(plain.url()).toMatch(/#comment-[0-9a-f-]{36}$/);
    await plain.locator('.comment').filter({ hasText: 'Posted without JavaScript.' }).waitFor();
    await screenshot(plain, `${SHOTS}/post-comments-no-js-375.png`, { fullPage: true });
    await context.close();

    const wide = await openPage(browser, { width: 1280, height: 900 });
    await wide.page.goto(`${a.url}${post}`);
    await wide.page.getByRole('heading', { name: '3 comments' }).waitFor();
    await screenshot(wide.page, `${SHOTS}/post-comments-anonymous-1280.png`, { fullPage: true });

    expect(unexpectedErrors([...ada.errors, ...grace.errors, ...studio.errors, ...wide.errors])).toEqual([]);
  });
});
