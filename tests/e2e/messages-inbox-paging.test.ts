/**
 * The inbox of a creator with more conversations than one page, in Chromium
 * at 1280 and 375 px: the first page, "Load more conversations" by keyboard
 * (focus goes to the first conversation it brought), scrolling to the end
 * loading the next page by itself, and a new message moving a conversation
 * from the last page to the top without a reload. Screenshots in
 * /tmp/shots-inbox/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { chromiumAvailable, gotoApp, launchChromium, openPage, type ObservedPage } from '../support/browser.ts';
import { sendJson } from '../support/creator-site.ts';
import { CLIENT_DIR, unexpectedErrors } from '../support/e2e-app.ts';
import type { TestClient } from '../support/http-client.ts';
import { seedInbox } from '../support/inbox-fixtures.ts';
import { insertSite, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { InboxAnswer } from '../../common/api/messages.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-inbox';
const CONVERSATIONS = 64;

describe.skipIf(!chromiumAvailable)('the inbox, a page at a time, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let creator: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ clientDir: CLIENT_DIR });
    await server.services.jobs.stop();
    browser = await launchChromium();
    const db = server.handle.db;
    const owner = await signUpVerified(server, { fullName: 'Marta Keeper' });
    creator = owner.client;
    const { site } = await insertSite(db, await userIdOf(db, owner.email), { title: 'Harbour Sounds' });
    await seedInbox(db, site.id, CONVERSATIONS, 'Listener');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function studio(width: number): Promise<ObservedPage> {
    const observed = await openPage(browser, { width, height: 900 });
    await observed.page.context().addCookies([...creator.cookies].map(([name, value]) => ({ name, value, url: server.url })));
    await gotoApp(observed.page, `${server.url}/messages`);
    return observed;
  }

  it('loads more by keyboard at 1280 px, and a new message moves a conversation from the last page to the top', async () => {
    const wide = await studio(1280);
    const rows = wide.page.locator('.inbox__list > li');
    await expect.poll(() => rows.count()).toBe(50);
    await screenshot(wide.page, `${SHOTS}/inbox-first-page-1280.png`);

    const more = wide.page.getByRole('button', { name: 'Load more conversations' });
    await more.focus();
    await wide.page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(CONVERSATIONS);
    // Reading goes on where the new page starts.
    await expect.poll(() => wide.page.evaluate(() => document.activeElement?.closest('li') === document.querySelectorAll('.inbox__list > li')[50])).toBe(true);
    expect(await more.count()).toBe(0);
    await screenshot(wide.page, `${SHOTS}/inbox-all-loaded-1280.png`, { fullPage: true });

    // The creator answers the oldest from elsewhere (another tab); the stream moves it to the top here.
    const oldest = (await rows.last().locator('.inbox__name').innerText()).trim();
    const inbox = await creator.get<InboxAnswer>('/api/conversations?cursor=' + (await creator.get<InboxAnswer>('/api/conversations')).body.nextCursor);
    const last = inbox.body.conversations.at(-1)!;
    expect(oldest).toContain(last.member!.name);
    expect((await sendJson(server, creator, 'POST', `/api/conversations/${last.id}/messages`, { text: 'Sorry for the wait!' })).status).toBe(201);
    await expect.poll(() => rows.first().innerText()).toContain('You: Sorry for the wait!');
    expect(await rows.count()).toBe(CONVERSATIONS);
    expect(await wide.page.locator('.inbox__list > li', { hasText: last.member!.name }).count()).toBe(1);
    await wide.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(wide.page, `${SHOTS}/inbox-moved-to-top-1280.png`);
    expect(unexpectedErrors(wide.errors)).toEqual([]);
  });

  it('loads the next page by itself when the list is scrolled to its end at 375 px', async () => {
    const narrow = await studio(375);
    const rows = narrow.page.locator('.inbox__list > li');
    await expect.poll(() => rows.count()).toBe(50);
    await screenshot(narrow.page, `${SHOTS}/inbox-375.png`);
    await narrow.page.getByRole('button', { name: 'Load more conversations' }).scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(CONVERSATIONS);
    await screenshot(narrow.page, `${SHOTS}/inbox-end-375.png`, { fullPage: true });
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(unexpectedErrors(narrow.errors)).toEqual([]);
  });
});
