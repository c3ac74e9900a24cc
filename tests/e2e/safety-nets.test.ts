/**
 * Issue 29 item 8, in Chromium (docs/decisions/149): publishing a post to be
 * e-mailed asks "Send to N members?" with the server's count, and Cancel or
 * Escape sends nothing; a post published without an e-mail is e-mailed later,
 * once, after the same question, and unpublishing it asks; the admin's maintenance switch, a site's
 * suspension, blocking a member in the inbox and discarding a design draft ask first and say what
 * they do. Mails are read from the SMTP
 * sink. Screenshots at 375 and 1280 px go to /tmp/shots-29-safety/.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { posts } from '../../db/content-schema.ts';
import { emailSends } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { seedInbox } from '../support/inbox-fixtures.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';
import { insertMembership } from '../support/site-fixtures.ts';

const SHOTS = '/tmp/shots-29-safety';

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(!chromiumAvailable)('safety nets in Chromium', () => {
  const app = useE2eApp({ env: { EMAIL_RATE_PER_SECOND: '50' } });
  let memberCount = 0;

  async function member(creator: Creator, tierId: string, paid = false) {
    memberCount += 1;
    const id = `safe${process.pid}x${memberCount}`;
    const email = `safe-${memberCount}-${process.pid}@members.example`;
    await app.server.handle.db.insert(users).values({ id, email, fullName: `Reader ${memberCount}`, displayName: `Reader ${memberCount}`, username: id.slice(0, 6), niche: '', role: 'member', emailVerified: true });
    await insertMembership(app.server.handle.db, { siteId: creator.siteId, userId: id, tierId, source: paid ? 'stripe' : 'free' });
    return email;
  }

  it('asks "Send to N members?" before publishing with e-mail; cancel and Escape send nothing; confirming sends', async () => {
    const creator = await creatorWithSite(app.server);
    const siteTiers = await insertTiers(app.server.handle.db, creator.siteId);
    const free = [await member(creator, siteTiers.free.id), await member(creator, siteTiers.free.id)];
    const paying = await member(creator, siteTiers.gold.id, true);

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('Only for free members');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A letter to those who joined for free.');
    const panel = page.getByRole('region', { name: 'E-mail' });
    await panel.getByRole('radio', { name: 'Free members (2)' }).check();
    await panel.getByText('2 members will get it. It goes out when you publish.').waitFor();

    const publish = page.getByRole('button', { name: 'Publish now' });
    const question = page.getByRole('dialog', { name: 'Send to 2 members?' });
    await publish.click();
    await question.getByText('The post is published on your site now and e-mailed to 2 members (free members). An e-mail cannot be unsent.').waitFor();
    await screenshot(page, `${SHOTS}/publish-confirm-1280.png`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    // Focus is back on the button that asked.
    expect(await publish.evaluate((button) => button === document.activeElement)).toBe(true);

    await publish.click();
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });

    const postId = new URL(page.url()).pathname.split('/').pop()!;
    const [draft] = await app.server.handle.db.select({ status: posts.status }).from(posts).where(eq(posts.id, postId));
    expect(draft!.status).toBe('draft');
    expect(await app.server.handle.db.select({ status: emailSends.status }).from(emailSends).where(eq(emailSends.postId, postId))).toEqual([{ status: 'waiting' }]);
    expect(free.flatMap((email) => app.server.smtp.mailsTo(email))).toHaveLength(0);
    // The text typed before the question is all there.
    expect(await page.getByRole('textbox', { name: 'Post body' }).innerText()).toContain('A letter to those who joined for free.');

    await publish.click();
    await question.getByRole('button', { name: 'Publish and send' }).click();
    await page.getByText('View on your site').waitFor();
    await panel.getByText(/^E-mailed to 2 members\. Sent on /).waitFor({ timeout: 30_000 });
    for (const email of free) expect(await app.server.smtp.waitForMail(email)).toHaveLength(1);
    expect(app.server.smtp.mailsTo(paying)).toHaveLength(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('e-mails a post published without one later, once, after the same question', async () => {
    const creator = await creatorWithSite(app.server);
    const siteTiers = await insertTiers(app.server.handle.db, creator.siteId);
    const free = await member(creator, siteTiers.free.id);
    const paying = await member(creator, siteTiers.gold.id, true);
    const created = await creator.client.post<{ post: { id: string } }>('/api/posts', {
      title: 'Out before the list',
      visibility: 'public',
      status: 'published',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Published first, e-mailed second.' }] }] },
    });
    expect(created.status, created.text).toBe(201);
    const postId = created.body.post.id;

    for (const width of [375, 1280]) {
      const { page, errors } = await app.open({ width, height: 860 });
      await adoptSession(page, creator, app.server.url);
      await page.goto(`${app.server.url}/upload/posts/${postId}`);
      const panel = page.getByRole('region', { name: 'E-mail' });
      if (width === 375) {
        await panel.getByText('This post was published without an e-mail. You can e-mail it once, now.').waitFor();
        await panel.getByRole('radio', { name: 'Paying members (1)' }).check();
        await panel.scrollIntoViewIfNeeded();
        await screenshot(panel, `${SHOTS}/email-later-panel-375.png`);
        const ask = panel.getByRole('button', { name: 'E-mail this post' });
        const question = page.getByRole('dialog', { name: 'Send to 1 member?' });
        await ask.click();
        await question.getByText('The post is e-mailed to 1 member (paying members) now.', { exact: false }).waitFor();
        await screenshot(page, `${SHOTS}/email-later-confirm-375.png`);
        expect(await overflows(page)).toBe(false);
        await question.getByRole('button', { name: 'Cancel' }).click();
        await question.waitFor({ state: 'hidden' });
        expect(await app.server.handle.db.select().from(emailSends).where(eq(emailSends.postId, postId))).toEqual([]);

        await ask.click();
        await question.getByRole('button', { name: 'Send e-mail' }).click();
        await panel.getByText(/^E-mailed to 1 member\. Sent on /).waitFor({ timeout: 30_000 });
        await screenshot(panel, `${SHOTS}/email-later-sent-375.png`);
        const [mail] = await app.server.smtp.waitForMail(paying);
        expect(mail!.text).toContain('Published first, e-mailed second.');
      } else {
        // Once e-mailed, the panel says when and to how many, and offers no second send.
        await panel.getByText(/^E-mailed to 1 member\. Sent on /).waitFor();
        expect(await panel.getByRole('button', { name: 'E-mail this post' }).count()).toBe(0);
        await screenshot(panel, `${SHOTS}/email-later-sent-1280.png`);
        // Unpublishing a live post asks too; keeping it changes nothing.
        await page.getByRole('button', { name: 'Unpublish' }).click();
        const unpublish = page.getByRole('dialog', { name: 'Unpublish this post?' });
        await unpublish.getByText('It leaves your site and its feed at once', { exact: false }).waitFor();
        await screenshot(page, `${SHOTS}/unpublish-confirm-1280.png`);
        await unpublish.getByRole('button', { name: 'Keep it published' }).click();
        await unpublish.waitFor({ state: 'hidden' });
        expect((await app.server.handle.db.select({ status: posts.status }).from(posts).where(eq(posts.id, postId)))[0]!.status).toBe('published');
      }
      expect(unexpectedErrors(errors)).toEqual([]);
      await page.close();
    }
    expect(app.server.smtp.mailsTo(paying)).toHaveLength(1);
    expect(app.server.smtp.mailsTo(free)).toHaveLength(0);
  });

  it('asks before maintenance goes on or off and before a site is suspended, naming what happens', async () => {
    const admin = await creatorWithSite(app.server);
    await app.server.handle.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    const creator = await creatorWithSite(app.server);

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, admin, app.server.url);
    await page.goto(`${app.server.url}/admin`);
    const toggle = page.getByRole('switch', { name: 'Maintenance: off' });
    const turnOn = page.getByRole('alertdialog', { name: 'Turn on maintenance?' });
    await toggle.click();
    await turnOn.getByText('Every site shows the maintenance page to its readers until you turn it off', { exact: false }).waitFor();
    await screenshot(page, `${SHOTS}/maintenance-confirm-1280.png`);
    await page.keyboard.press('Escape');
    await turnOn.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    await toggle.click();
    await turnOn.getByRole('button', { name: 'Cancel' }).click();
    await turnOn.waitFor({ state: 'hidden' });
    expect(app.server.services.maintenance.isOn()).toBe(false);
    expect((await fetch(`${app.server.url}/@${creator.handle}`)).status).toBe(200);

    await toggle.click();
    await turnOn.getByRole('button', { name: 'Turn on maintenance' }).click();
    await page.getByRole('switch', { name: 'Maintenance: on' }).waitFor();
    await expect.poll(() => app.server.services.maintenance.isOn(), { timeout: 30_000 }).toBe(true);
    expect((await fetch(`${app.server.url}/@${creator.handle}`)).status).toBe(503);
    await page.getByRole('switch', { name: 'Maintenance: on' }).click();
    await page.getByRole('alertdialog', { name: 'Turn off maintenance?' }).getByRole('button', { name: 'Turn off maintenance' }).click();
    await page.getByRole('switch', { name: 'Maintenance: off' }).waitFor();
    await expect.poll(() => app.server.services.maintenance.isOn(), { timeout: 30_000 }).toBe(false);

    // Suspending names the site and what goes off, takes the reason in the same dialog, and Cancel keeps it up.
    await page.getByLabel('Search sites by handle, title or owner e-mail').fill(creator.handle);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('.admin-sites__item').count()).toBe(1);
    const row = page.locator('.admin-sites__item');
    const suspend = page.getByRole('alertdialog', { name: `Suspend The ${creator.handle} site?` });
    await row.getByRole('button', { name: /^Suspend/ }).click();
    await suspend.getByText('Its pages, feeds, files, comments, messages and e-mail go off for everyone until you restore it.', { exact: false }).waitFor();
    await suspend.getByRole('button', { name: 'Cancel' }).click();
    await suspend.waitFor({ state: 'hidden' });
    expect((await fetch(`${app.server.url}/@${creator.handle}`)).status).toBe(200);

    await row.getByRole('button', { name: /^Suspend/ }).click();
    await suspend.getByLabel('Reason (shown to the creator)').fill('Unpaid invoices');
    await screenshot(page, `${SHOTS}/suspend-confirm-1280.png`);
    await suspend.getByRole('button', { name: 'Suspend site' }).click();
    await expect.poll(() => row.locator('.admin-sites__badge').count()).toBe(1);
    expect((await fetch(`${app.server.url}/@${creator.handle}`)).status).toBe(410);

    // At a phone's width the question fits.
    const phone = await app.open({ width: 375, height: 812 });
    await adoptSession(phone.page, admin, app.server.url);
    await phone.page.goto(`${app.server.url}/admin`);
    await phone.page.getByRole('switch', { name: 'Maintenance: off' }).click();
    await phone.page.getByRole('alertdialog', { name: 'Turn on maintenance?' }).waitFor();
    expect(await overflows(phone.page)).toBe(false);
    await screenshot(phone.page, `${SHOTS}/maintenance-confirm-375.png`);
    await phone.page.keyboard.press('Escape');
    expect(app.server.services.maintenance.isOn()).toBe(false);

    expect(unexpectedErrors([...errors, ...phone.errors])).toEqual([]);
  });

  it('asks before the design draft is discarded; Cancel keeps the draft', async () => {
    const creator = await creatorWithSite(app.server);
    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/customize-site`);
    await page.getByRole('heading', { name: 'Customize site' }).waitFor();
    await page.getByRole('button', { name: 'Theme and site' }).click();
    await page.getByRole('radio', { name: /Bold/ }).check();
    await page.getByText('All changes saved').waitFor();

    const discard = page.getByRole('button', { name: 'Discard', exact: true });
    const question = page.getByRole('alertdialog', { name: 'Discard your draft?' });
    await discard.click();
    await question.getByText('Every change since you last published is thrown away', { exact: false }).waitFor();
    await screenshot(page, `${SHOTS}/discard-confirm-1280.png`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await page.getByRole('radio', { name: /Bold/ }).isChecked()).toBe(true);

    await discard.click();
    await question.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByText('Draft discarded: you see the published design again.').waitFor();
    expect(await page.getByRole('radio', { name: /Bold/ }).isChecked()).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('asks before a member is blocked in the inbox; Cancel leaves them free to write', async () => {
    const creator = await creatorWithSite(app.server);
    const { memberNames } = await seedInbox(app.server.handle.db, creator.siteId, 1, 'blk');
    const name = memberNames[0]!;
    const { page, errors } = await app.open({ width: 375, height: 812 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/messages`);
    await page.locator('.inbox__row').first().click();
    const block = page.getByRole('button', { name: 'Block', exact: true });
    const question = page.getByRole('alertdialog', { name: `Block ${name}?` });
    await block.click();
    await question.getByText('They can no longer write to you or comment on your posts', { exact: false }).waitFor();
    await screenshot(page, `${SHOTS}/block-confirm-375.png`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    const conversations = async () => (await creator.client.get<{ conversations: { blocked: boolean }[] }>('/api/conversations')).body.conversations;
    expect((await conversations())[0]!.blocked).toBe(false);

    await block.click();
    await question.getByRole('button', { name: 'Block' }).click();
    await page.getByText('Blocked. They are told you are not taking messages.').waitFor();
    expect((await conversations())[0]!.blocked).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
