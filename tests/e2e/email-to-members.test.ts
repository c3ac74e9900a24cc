/**
 * Issue 18 "Done when", in Chromium: a creator with a free and a paying member
 * writes a paid post, chooses "All members", sends a test to themselves,
 * previews the e-mail and publishes; each member's mail (read from the SMTP
 * server) holds what they may read; the free member unsubscribes from the
 * page of the mail's link and gets nothing next time. Screenshots of the
 * editor's e-mail panel and of the rendered mail at 375 and 1280 px go to
 * /tmp/shots-18/.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { memberships } from '../../db/content-schema.ts';
import { emailSends } from '../../db/email-schema.ts';
import { users } from '../../db/schema.ts';
import { chromiumAvailable } from '../support/browser.ts';
import { creatorWithSite, type Creator } from '../support/creator-site.ts';
import { unexpectedErrors, useE2eApp } from '../support/e2e-app.ts';
import { insertTiers } from '../support/members-fixtures.ts';
import { insertMembership } from '../support/site-fixtures.ts';
import { screenshot } from '../support/screenshots.ts';

const SHOTS = '/tmp/shots-18';

async function adoptSession(page: Page, creator: Creator, url: string) {
  const [name, value] = [...creator.client.cookies].find(([cookieName]) => cookieName.endsWith('session'))!;
  await page.context().addCookies([{ name, value, url }]);
}

describe.skipIf(!chromiumAvailable)('e-mail to members in Chromium', () => {
  const app = useE2eApp({ env: { EMAIL_RATE_PER_SECOND: '50' } });

  async function member(creator: Creator, tierId: string, label: string) {
    const id = `${label}${process.pid}`;
    const email = `${label}-${process.pid}@members.example`;
    await app.server.handle.db
      .insert(users)
      .values({ id, email, fullName: label, displayName: label, username: id.slice(0, 6), niche: '', role: 'member', emailVerified: true });
    const membership = await insertMembership(app.server.handle.db, { siteId: creator.siteId, userId: id, tierId, source: label === 'paying' ? 'stripe' : 'free' });
    return { email, membershipId: membership.id };
  }

  it('e-mails a paid post to all members with what each may read, and a one-click unsubscribe holds', async () => {
    const creator = await creatorWithSite(app.server);
    const siteTiers = await insertTiers(app.server.handle.db, creator.siteId);
    const free = await member(creator, siteTiers.free.id, 'free');
    const paying = await member(creator, siteTiers.gold.id, 'paying');

    const { page, errors } = await app.open({ width: 1280, height: 900 });
    await adoptSession(page, creator, app.server.url);
    await page.goto(`${app.server.url}/upload/posts/new`);
    await page.getByLabel('Title', { exact: true }).fill('The paid recipe');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Everyone may read this opening.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert “Members only below this line”' }).click();
    await page.keyboard.type('The secret ingredient is patience.');
    // Typed at once after Enter: every key went to the body, none to the title.
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('The paid recipe');
    await page.getByRole('radio', { name: 'Paid', exact: true }).check();

    // Once autosave made the post, the panel offers the segments with their counts.
    const panel = page.getByRole('region', { name: 'E-mail' });
    await panel.getByRole('radio', { name: 'All members (2)' }).check();
    await panel.getByText('2 members will get it. It goes out when you publish.').waitFor();
    await screenshot(panel, `${SHOTS}/editor-email-panel-1280.png`);

    await panel.getByRole('button', { name: 'Send a test to me' }).click();
    await panel.getByText(`Test sent to ${creator.email}.`).waitFor();
    // The panel says so once SMTP took the message; the test server may still be reading it.
    const mails = () => app.server.smtp.mailsTo(creator.email);
    const testMail = () => mails().find((mail) => mail.subject === '[Test] The paid recipe');
    // A failure names what did arrive.
    await expect.poll(() => testMail()?.text ?? `no test mail; subjects: ${JSON.stringify(mails().map((mail) => mail.subject))}`).toContain('The secret ingredient is patience.');

    await panel.getByRole('button', { name: 'Preview the e-mail' }).click();
    const preview = page.getByRole('dialog', { name: 'E-mail preview' });
    await preview.locator('iframe').waitFor();
    await preview.getByRole('button', { name: 'Members it is not for' }).click();
    await preview.getByRole('button', { name: 'Members it is not for', pressed: true }).waitFor();
    // The frame loads the variant after the press: wait for it, then see it once.
    const call = preview.frameLocator('iframe').getByText('This post is for paying members');
    await call.waitFor();
    expect(await call.count()).toBe(1);
    await screenshot(page, `${SHOTS}/editor-email-preview-1280.png`);
    await preview.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Publish now' }).click();
    // An e-mail cannot be unsent: publishing asks first (tests/e2e/send-confirmation.test.ts tries cancel and Escape).
    await page.getByRole('dialog', { name: 'Send to 2 members?' }).getByRole('button', { name: 'Publish and send' }).click();
    await page.getByText('View on your site').waitFor();
    await panel.getByText('E-mailed to 2 members.').waitFor({ timeout: 30_000 });
    await screenshot(panel, `${SHOTS}/editor-email-sent-1280.png`);

    const [paidMail] = await app.server.smtp.waitForMail(paying.email);
    const [freeMail] = await app.server.smtp.waitForMail(free.email);
    expect(paidMail!.text).toContain('The secret ingredient is patience.');
    expect(freeMail!.text).toContain('Everyone may read this opening.');
    expect(freeMail!.text).not.toContain('secret ingredient');
    expect(freeMail!.text).toContain('This post is for paying members');

    // The mail as a client shows it, at a desktop client's width and a phone's.
    for (const width of [1280, 375]) {
      const { page: mailPage } = await app.open({ width, height: 900 });
      await mailPage.setContent(freeMail!.html);
      await screenshot(mailPage, `${SHOTS}/mail-free-member-${width}.png`, { fullPage: true });
      await mailPage.setContent(paidMail!.html);
      await screenshot(mailPage, `${SHOTS}/mail-paying-member-${width}.png`, { fullPage: true });
      const overflow = await mailPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await mailPage.close();
    }

    // The free member unsubscribes from the link in the mail, signed out, at a phone's width.
    const link = freeMail!.links.find((href) => href.includes('/unsubscribe?token='))!;
    const { page: memberPage, errors: memberErrors } = await app.open({ width: 375, height: 800 });
    await memberPage.goto(link);
    await memberPage.getByRole('heading', { name: `Unsubscribe from The ${creator.handle} site?` }).waitFor();
    await memberPage.getByRole('button', { name: 'Unsubscribe' }).click();
    await memberPage.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await screenshot(memberPage, `${SHOTS}/unsubscribed-375.png`, { fullPage: true });
    const [after] = await app.server.handle.db.select().from(memberships).where(eq(memberships.id, free.membershipId));
    expect(after!.subscribedToEmails).toBe(false);

    // Next time only the paying member gets it.
    const next = await creator.client.post<{ post: { id: string } }>('/api/posts', {
      title: 'The next letter',
      visibility: 'public',
      status: 'draft',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Again.' }] }] },
    });
    await creator.patch(`/api/posts/${next.body.post.id}`, { email: { send: true, segment: 'all' }, status: 'published' });
    await app.server.smtp.waitForMail(paying.email, { count: 2 });
    const [nextSend] = await app.server.handle.db.select().from(emailSends).where(eq(emailSends.postId, next.body.post.id));
    expect(nextSend!.queued).toBe(1);
    expect(app.server.smtp.mailsTo(free.email)).toHaveLength(1);

    // The panel at a phone's width, on a new draft.
    const { page: phone, errors: phoneErrors } = await app.open({ width: 375, height: 800 });
    await adoptSession(phone, creator, app.server.url);
    await phone.goto(`${app.server.url}/upload/posts/new`);
    await phone.getByLabel('Title', { exact: true }).fill('A phone draft');
    const phonePanel = phone.getByRole('region', { name: 'E-mail' });
    await phonePanel.getByRole('radio', { name: 'Paying members (1)' }).check();
    await phonePanel.getByText('1 member will get it.', { exact: false }).waitFor();
    await phonePanel.scrollIntoViewIfNeeded();
    await screenshot(phonePanel, `${SHOTS}/editor-email-panel-375.png`);
    const phoneOverflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(phoneOverflow).toBeLessThanOrEqual(0);

    // The welcome e-mail in the creator's words, with its preview.
    await page.goto(`${app.server.url}/settings/advanced`);
    const welcome = page.getByRole('region', { name: 'Welcome e-mail' });
    await welcome.getByRole('checkbox', { name: 'Send a welcome e-mail to new members' }).check();
    await welcome.getByLabel('Your welcome').fill('Thank you for joining!\n\nA new recipe every Friday.');
    await welcome.getByRole('button', { name: 'Save' }).click();
    await welcome.getByText('Saved. New members get it once they confirm their e-mail.').waitFor();
    await screenshot(welcome, `${SHOTS}/settings-welcome-1280.png`);
    await welcome.getByRole('button', { name: 'Preview' }).click();
    const welcomePreview = page.getByRole('dialog', { name: 'Welcome e-mail preview' });
    await welcomePreview.frameLocator('iframe').getByText('A new recipe every Friday.').waitFor();
    await screenshot(page, `${SHOTS}/settings-welcome-preview-1280.png`);
    await welcomePreview.getByRole('button', { name: 'Close' }).click();

    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(memberErrors)).toEqual([]);
    expect(unexpectedErrors(phoneErrors)).toEqual([]);
  });
});
