/**
 * Issue 29 item 1 (docs/decisions/142): a site's mail to its members is the
 * site's, read from the real SMTP sink after the real worker and jobs sent it.
 * The confirmation, the welcome, a post's e-mail and a reply's notice come
 * from the site's name on MAIL_FROM's address, carry its logo (at its stable
 * public address) and its one colour, the published design's, and never the
 * platform's name or tagline; so does the unsubscribe page a post's mail
 * links to. Mail to the creator stays the platform's. The site's onboarding colour differs from its design's here, so
 * a mail that read the old one fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign } from '../../common/design.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { conversations, messages } from '../../db/messaging-schema.ts';
import { sites } from '../../db/content-schema.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { creatorWithSite, sendJson, type Creator } from '../support/creator-site.ts';
import { insertTiers, type SiteTiers } from '../support/members-fixtures.ts';
import { insertMedia, insertMembership } from '../support/site-fixtures.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const TITLE = 'Moss & <Fern> Letters';
const ONBOARDING_COLOUR = '#0f766e';
const DESIGN_COLOUR = '#b45309';
const PLATFORM_WORDS = ['Creator Platform', 'Fully own your brand'];

let server: TestServer;
let creator: Creator;
let siteTiers: SiteTiers;
let logoId: string;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { EMAIL_RATE_PER_SECOND: '20' } });
  creator = await creatorWithSite(server);
  const db = server.handle.db;
  await db.update(sites).set({ title: TITLE, brandColor: ONBOARDING_COLOUR }).where(eq(sites.id, creator.siteId));
  siteTiers = await insertTiers(db, creator.siteId);
  logoId = (await insertMedia(db, creator.siteId, 'image')).id;
  const published = { ...defaultDesign(DESIGN_COLOUR), logoId };
  await db.insert(siteDesigns).values({ siteId: creator.siteId, published, publishedVersion: 1, publishedAt: new Date() });
});

afterAll(async () => {
  await server?.stop();
});

async function addMember(verified: boolean) {
  counter += 1;
  const id = `brandmember${process.pid}x${counter}`;
  const email = `brand-${counter}-${process.pid}@members.example`;
  await server.handle.db
    .insert(users)
    .values({ id, email, fullName: `Reader ${counter}`, displayName: `Reader ${counter}`, username: id.slice(-8), niche: '', role: 'member', emailVerified: verified });
  const membership = await insertMembership(server.handle.db, { siteId: creator.siteId, userId: id, tierId: siteTiers.free.id, source: 'free' });
  return { id, email, membershipId: membership.id };
}

async function until<T>(read: () => T | Promise<T>, what: string): Promise<NonNullable<T>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The site's name as sender and at the top, its logo and colour, and nothing of the platform. */
function expectSiteBranded(mail: ReceivedMail) {
  expect(mail.from).toEqual({ name: TITLE, address: 'no-reply@localhost' });
  expect(mail.html).toMatch(/Moss (&amp;|&#38;) (&lt;|&#60;)Fern(&gt;|&#62;) Letters/);
  expect(mail.html).not.toContain('<Fern>');
  expect(mail.html).toContain(DESIGN_COLOUR);
  expect(mail.html).not.toContain(ONBOARDING_COLOUR);
  expect(mail.html).toMatch(new RegExp(`<img src="http://127\\.0\\.0\\.1:\\d+/media/${logoId}/public/w320\\.webp"`));
  for (const words of PLATFORM_WORDS) {
    expect(mail.html).not.toContain(words);
    expect(mail.text).not.toContain(words);
    expect(mail.subject).not.toContain(words);
  }
}

describe('mail a site sends its members', () => {
  it('confirms a new member’s address in the site’s name, logo and colour', async () => {
    const member = await addMember(false);
    await server.handle.db.insert(mailOutbox).values({ recipient: member.email, subject: 'Verify your email', template: 'verify-email', params: { userId: member.id, siteId: creator.siteId } });
    const [mail] = await server.smtp.waitForMail(member.email);
    expect(mail!.subject).toBe(`Confirm your e-mail to read ${TITLE}`);
    expect(mail!.text).toContain(`You joined ${TITLE}. Confirm this address`);
    expectSiteBranded(mail!);
  });

  it('welcomes a new member in the site’s brand', async () => {
    const saved = await sendJson(server, creator.client, 'PUT', '/api/email/welcome', { enabled: true, text: 'Glad you are here.' });
    expect(saved.status, saved.text).toBe(200);
    const member = await addMember(true);
    await server.services.email.welcome.sendDue();
    const welcome = await until(() => server.smtp.mailsTo(member.email).find((mail) => mail.subject === `Welcome to ${TITLE}`), 'the welcome');
    expect(welcome.text).toContain('Glad you are here.');
    expectSiteBranded(welcome);
  });

  it('e-mails a post in the site’s brand', async () => {
    const member = await addMember(true);
    const created = await sendJson<{ post: { id: string } }>(server, creator.client, 'POST', '/api/posts', {
      title: 'Spring walk',
      visibility: 'public',
      status: 'draft',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The wood anemones are out.' }] }] },
    });
    expect(created.status, created.text).toBe(201);
    const postId = created.body.post.id;
    expect((await creator.patch(`/api/posts/${postId}`, { email: { send: true, segment: 'all' } })).status).toBe(200);
    expect((await creator.patch(`/api/posts/${postId}`, { status: 'published' })).status).toBe(200);
    const [mail] = await server.smtp.waitForMail(member.email);
    expect(mail!.subject).toBe('Spring walk');
    expect(mail!.text).toContain('The wood anemones are out.');
    expectSiteBranded(mail!);

    // Its unsubscribe page is the site's too: logo, name and the design's colour.
    const unsubscribeUrl = /^<([^>]+)>$/.exec(mail!.headers.find((line) => line.key === 'list-unsubscribe')!.value)![1]!;
    const page = await fetch(unsubscribeUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<img src="${new URL(`/media/${logoId}/public/w320.webp`, server.url).href}"`);
    expect(html).toContain('Moss &amp; &lt;Fern&gt; Letters');
    expect(html).toContain(`background:${DESIGN_COLOUR}`);
    expect(html).not.toContain(ONBOARDING_COLOUR);
    expect(html).not.toContain('Creator Platform');
  });

  it('tells a member of the creator’s reply in the site’s brand, and the creator of a member’s message in the platform’s', async () => {
    const member = await addMember(true);
    const db = server.handle.db;
    const [conversation] = await db.insert(conversations).values({ siteId: creator.siteId, memberId: member.id }).returning();
    await db.insert(messages).values([
      { conversationId: conversation!.id, siteId: creator.siteId, authorId: creator.userId, sender: 'creator', body: 'Thanks for the photos!' },
      { conversationId: conversation!.id, siteId: creator.siteId, authorId: member.id, sender: 'member', body: 'Here are more.' },
    ]);
    await db.insert(mailOutbox).values([
      { recipient: member.email, subject: 'New message', template: 'message-waiting', params: { userId: member.id, siteId: creator.siteId, conversationId: conversation!.id } },
      { recipient: creator.email, subject: 'New message', template: 'message-waiting', params: { userId: creator.userId, siteId: creator.siteId, conversationId: conversation!.id } },
    ]);
    const [toMember] = await server.smtp.waitForMail(member.email);
    expect(toMember!.subject).toBe(`${TITLE} sent you a message`);
    expect(toMember!.text).toContain('Thanks for the photos!');
    expectSiteBranded(toMember!);

    const toCreator = await until(() => server.smtp.mailsTo(creator.email).find((mail) => mail.subject.includes('sent you a message')), 'the creator’s notice');
    expect(toCreator.html).toContain('Creator Platform');
    expect(toCreator.from.name).not.toBe(TITLE);
  });
});
