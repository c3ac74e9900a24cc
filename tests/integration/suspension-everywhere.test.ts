/**
 * Issue 27, item 2, on the real app: a suspended site is suspended in every
 * channel, and comes back whole once restored. Each channel is read before
 * the suspension (open, so each check below can fail), while suspended
 * (shut) and after the restore (open again): pages, RSS, join, member feeds
 * and their media, media files signed and public, comments, messages both
 * ways, the account page, the platform sitemap, and the custom domain (pages,
 * sitemap, robots, RSS, `/internal/tls-allowed` for the name and its twin).
 * Every write a reader or the creator could make toward members is refused
 * meanwhile; the creator's studio stays open and says why. Newsletters: none
 * goes out while suspended, neither one planned before nor a batch queued
 * when the suspension lands, and they go on after the restore. The admin
 * suspension routes with other creators' and sites' ids change nothing.
 */
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../common/api/dashboard.ts';
import type { InboxAnswer } from '../../common/api/messages.ts';
import type { PostEmailAnswer } from '../../common/email.ts';
import { memberships, posts } from '../../db/content-schema.ts';
import { domains } from '../../db/domain-schema.ts';
import { emailRecipients, emailSends, emailWelcomes, siteEmailSettings } from '../../db/email-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import { paymentAccounts } from '../../db/money-schema.ts';
import { siteSuspensions } from '../../db/reports-schema.ts';
import { users } from '../../db/schema.ts';
import { mediaPrefix } from '../../server/media/media-service.ts';
import { signUpVerified } from '../support/accounts.ts';
import { creatorWithSite, sendJson, type Creator, postForm as postFormAs } from '../support/creator-site.ts';
import type { TestClient } from '../support/http-client.ts';
import { insertTiers, type SiteTiers } from '../support/members-fixtures.ts';
import { embed, insertMedia, insertMembership, insertPost, linkMedia, userIdOf } from '../support/site-fixtures.ts';
import { sitemapUrls } from '../support/sitemap.ts';
import { requestWithHost } from '../support/host-request.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const IMAGE = Buffer.from('webp bytes of a suspended site');
const SECRET = 'Only members read this line';

let server: TestServer;
let admin: Creator;
let platformHost: string;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer({ env: { EMAIL_RATE_PER_SECOND: '2', COMMENTS_PER_MINUTE: '50', MESSAGES_PER_MINUTE: '50' } });
  platformHost = new URL(server.url).host;
  admin = await creatorWithSite(server);
  await db().update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
});

afterAll(async () => {
  await server?.stop();
});

/** One GET with the given Host, as the proxy passes a custom domain's request on; no redirect followed. */
const onHost = (host: string, path: string, to: TestServer = server) => requestWithHost(to, path, { host });

const anonymous = (path: string) => fetch(new URL(path, server.url), { redirect: 'manual' });

const postForm = (client: TestClient, path: string, fields: Record<string, string>) => postFormAs(server, client, path, fields);

const suspend = (siteId: string, reason = '') => sendJson(server, admin.client, 'PUT', `/api/admin/sites/${siteId}/suspension`, { reason });
const restore = (siteId: string) => sendJson(server, admin.client, 'DELETE', `/api/admin/sites/${siteId}/suspension`);

interface Member {
  client: TestClient;
  userId: string;
  email: string;
}

async function memberOf(siteId: string, tierId: string, extra: Partial<typeof memberships.$inferInsert> = {}): Promise<Member> {
  const { client, email } = await signUpVerified(server);
  const userId = await userIdOf(db(), email);
  await insertMembership(db(), { siteId, userId, tierId, ...extra });
  return { client, userId, email };
}

/** A published site with a public post that shows an image, a members post, a member with a feed link, a comment and a conversation. */
async function siteWithReaders() {
  const creator = await creatorWithSite(server);
  const siteTiers: SiteTiers = await insertTiers(db(), creator.siteId);
  const image = await insertMedia(db(), creator.siteId, 'image');
  await server.services.media.storage.put(`${mediaPrefix(creator.siteId, image.id)}w640.webp`, Readable.from([IMAGE]), IMAGE.length);
  const open = await insertPost(db(), creator.siteId, { title: 'Open post', previewHtml: `<p>For everyone.</p>${embed(image)}` });
  await linkMedia(db(), open.id, image.id, 'preview');
  await insertPost(db(), creator.siteId, { title: 'Members post', visibility: 'members', previewHtml: '<p>Start.</p>', gatedHtml: `<p>${SECRET}</p>` });
  const member = await memberOf(creator.siteId, siteTiers.free.id);
  const feed = await member.client.post<{ url: string }>(`/api/sites/${creator.handle}/feed-token`);
  expect(feed.status).toBe(200);
  const token = feed.body.url.split('/feed/')[1]!.replace('.xml', '');
  const comment = await member.client.post<{ id: string }>(`/api/sites/${creator.handle}/posts/${open.slug}/comments`, { text: 'A first comment' });
  expect(comment.status).toBe(201);
  expect((await member.client.post(`/api/sites/${creator.handle}/messages`, { text: 'Hello creator' })).status).toBe(201);
  const inbox = await creator.client.get<InboxAnswer>('/api/conversations');
  const conversationId = inbox.body.conversations.find((row) => row.member?.id === member.userId)!.id;
  return { creator, siteTiers, image, open, member, token, commentId: comment.body.id, conversationId };
}

type Readers = Awaited<ReturnType<typeof siteWithReaders>>;

/** Every reading channel of a site on the platform, as status codes (and what a member's feed holds). */
async function platformChannels({ creator, open, member, token, image }: Readers) {
  const signer = await server.services.media.service.urlSigner();
  const h = creator.handle;
  const feed = await anonymous(`/@${h}/feed/${token}.xml`);
  const feedText = await feed.text();
  return {
    home: (await anonymous(`/@${h}`)).status,
    post: (await anonymous(`/@${h}/posts/${open.slug}`)).status,
    rss: (await anonymous(`/@${h}/rss.xml`)).status,
    join: (await anonymous(`/@${h}/join`)).status,
    memberFeed: feed.status,
    memberFeedHoldsSecret: feedText.includes(SECRET),
    memberFeedMedia: (await anonymous(`/@${h}/feed/${token}/media/${image.id}/w640.webp`)).status,
    publicMedia: (await anonymous(`/media/${image.id}/public/w640.webp`)).status,
    signedMedia: (await anonymous(`${signer.prefix(image.id, 3600_000)}/w640.webp`)).status,
    comments: (await member.client.get(`/api/sites/${h}/posts/${open.slug}/comments`)).status,
    memberThread: (await member.client.get(`/api/sites/${h}/messages`)).status,
    membership: (await member.client.get(`/api/sites/${h}/membership`)).status,
    accountPage: (await member.client.get(`/@${h}/account`)).status,
  };
}

const OPEN = {
  home: 200,
  post: 200,
  rss: 200,
  join: 200,
  memberFeed: 200,
  memberFeedHoldsSecret: true,
  memberFeedMedia: 302,
  publicMedia: 200,
  signedMedia: 200,
  comments: 200,
  memberThread: 200,
  membership: 200,
  accountPage: 200,
};

const SHUT = {
  home: 410,
  post: 410,
  rss: 410,
  join: 410,
  memberFeed: 410,
  memberFeedHoldsSecret: false,
  memberFeedMedia: 410,
  publicMedia: 410,
  signedMedia: 410,
  comments: 410,
  memberThread: 410,
  membership: 410,
  accountPage: 410,
};

/** The paths a crawler finds in the platform's sitemap, read by a server started now (the sitemap is kept five minutes, decision 066). */
async function crawled(): Promise<string[]> {
  const fresh = await startTestServer({ shareWith: server });
  try {
    return (await sitemapUrls(fresh.url)).map((url) => new URL(url).pathname);
  } finally {
    await fresh.stop();
  }
}

async function overviewOf(creator: Creator) {
  const answer = await creator.client.get<Overview>('/api/dashboard/overview');
  expect(answer.status).toBe(200);
  return answer.body.site!.suspension;
}

describe('a suspended site on the platform', () => {
  it('shuts every channel, keeps the studio open with the reason, and brings them all back once restored', async () => {
    const readers = await siteWithReaders();
    const { creator, open } = readers;
    const home = `/@${creator.handle}`;
    expect(await platformChannels(readers)).toEqual(OPEN);
    // A copy kept for anonymous readers must not outlive the suspension (decision 074).
    expect(server.services.pageCache.get(home)).toBeDefined();
    expect(await crawled()).toEqual(expect.arrayContaining([home, `${home}/posts/${open.slug}`]));

    expect((await suspend(creator.siteId, 'Reported for copyright; write to us.')).status).toBe(204);
    expect(await platformChannels(readers)).toEqual(SHUT);
    const gone = await anonymous(home);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect(await gone.text()).toContain('This site is suspended');
    expect((await crawled()).filter((path) => path.startsWith(home))).toEqual([]);
    // The studio stays open and says why.
    expect(await overviewOf(creator)).toMatchObject({ reason: 'Reported for copyright; write to us.' });
    expect((await creator.client.get('/api/conversations')).status).toBe(200);
    expect((await creator.client.get('/api/posts')).status).toBe(200);

    expect((await restore(creator.siteId)).status).toBe(204);
    expect(await platformChannels(readers)).toEqual(OPEN);
    expect(await overviewOf(creator)).toBeNull();
    expect(await crawled()).toEqual(expect.arrayContaining([home, `${home}/posts/${open.slug}`]));
  });

  it("leaves every channel of another site open while one site is suspended, its media files too", async () => {
    const readers = await siteWithReaders();
    const other = await siteWithReaders();
    expect((await suspend(other.creator.siteId)).status).toBe(204);
    try {
      expect(await platformChannels(readers)).toEqual(OPEN);
      expect(await platformChannels(other)).toEqual(SHUT);
    } finally {
      await restore(other.creator.siteId);
    }
  });

  it('refuses every write toward its members while suspended, and takes them again once restored', async () => {
    const readers = await siteWithReaders();
    const { creator, siteTiers, open, member, commentId, conversationId } = readers;
    const h = creator.handle;
    const newcomer = (await signUpVerified(server)).client;
    const draft = await sendJson<{ post: { id: string } }>(server, creator.client, 'POST', '/api/posts', {
      title: 'Letter to members',
      visibility: 'public',
      status: 'draft',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'News.' }] }] },
    });
    const draftId = draft.body.post.id;
    // Chosen before the suspension: publishing it now would e-mail it.
    const waiting = await insertPost(db(), creator.siteId, { title: 'Waiting letter', status: 'draft', publishedAt: null });
    expect((await creator.patch(`/api/posts/${waiting.id}`, { email: { send: true, segment: 'all' } })).status).toBe(200);

    const writes = async () => ({
      comment: (await member.client.post(`/api/sites/${h}/posts/${open.slug}/comments`, { text: 'Written while away' })).status,
      commentForm: (await postForm(member.client, `/@${h}/posts/${open.slug}/comments`, { text: 'By the form' })).status,
      commentEdit: (await sendJson(server, member.client, 'PATCH', `/api/comments/${commentId}`, { text: 'Edited' })).status,
      message: (await member.client.post(`/api/sites/${h}/messages`, { text: 'Are you there?' })).status,
      messageForm: (await postForm(member.client, `/@${h}/account/messages`, { text: 'By the form' })).status,
      reply: (await creator.client.post(`/api/conversations/${conversationId}/messages`, { text: 'Thanks', mediaIds: [] })).status,
      feedToken: (await member.client.post(`/api/sites/${h}/feed-token`)).status,
      feedLinkForm: (await postForm(member.client, `/@${h}/account/feed-link`, {})).status,
      emailsForm: (await postForm(member.client, `/@${h}/account/emails`, { on: '0' })).status,
      join: (await newcomer.post(`/api/sites/${h}/join`, { tierId: siteTiers.free.id })).status,
      chooseEmail: (await creator.patch(`/api/posts/${draftId}`, { email: { send: true, segment: 'all' } })).status,
      testEmail: (await sendJson(server, creator.client, 'POST', `/api/posts/${draftId}/test-email`)).status,
      publishWaiting: (await creator.patch(`/api/posts/${waiting.id}`, { status: 'published' })).status,
    });

    expect((await suspend(creator.siteId)).status).toBe(204);
    const refused = await writes();
    expect(refused).toEqual({
      comment: 410,
      commentForm: 410,
      commentEdit: 410,
      message: 410,
      messageForm: 410,
      reply: 403,
      feedToken: 410,
      feedLinkForm: 410,
      emailsForm: 410,
      join: 410,
      chooseEmail: 403,
      testEmail: 403,
      publishWaiting: 403,
    });
    const told = await creator.patch<{ error: { code: string; message: string } }>(`/api/posts/${waiting.id}`, { status: 'published' });
    expect(told.body.error.code).toBe('site-suspended');
    expect(told.body.error.message).toContain('suspended');
    // Nothing of it was written.
    expect((await db().select().from(comments).where(eq(comments.siteId, creator.siteId))).map((row) => row.body)).toEqual(['A first comment']);
    expect((await db().select({ status: posts.status }).from(posts).where(eq(posts.id, waiting.id)))[0]!.status).toBe('draft');
    expect(await db().select().from(emailSends).where(eq(emailSends.postId, draftId))).toEqual([]);
    expect(server.smtp.mailsTo(creator.email).filter((mail) => mail.subject.startsWith('[Test]'))).toEqual([]);
    // The owner may still clean up; publishing without e-mail is theirs too.
    expect((await sendJson(server, creator.client, 'PATCH', `/api/comments/${commentId}`, { hidden: true })).status).toBe(204);

    expect((await restore(creator.siteId)).status).toBe(204);
    expect(await writes()).toEqual({
      comment: 201,
      commentForm: 303,
      commentEdit: 204,
      message: 201,
      messageForm: 303,
      reply: 201,
      feedToken: 200,
      feedLinkForm: 303,
      emailsForm: 303,
      join: 201,
      chooseEmail: 200,
      testEmail: 202,
      publishWaiting: 200,
    });
  });

  it("keeps a member's way to stop paying or leave, and nothing else of the account page", async () => {
    const readers = await siteWithReaders();
    const { creator, siteTiers, member } = readers;
    const h = creator.handle;
    const payer = await memberOf(creator.siteId, siteTiers.gold.id, { source: 'stripe', stripeCustomerId: 'cus_suspended', stripeSubscriptionId: 'sub_suspended' });
    await db().insert(paymentAccounts).values({ siteId: creator.siteId, stripeAccountId: 'acct_suspended' });
    expect((await suspend(creator.siteId)).status).toBe(204);

    const paying = await payer.client.get(`/@${h}/account`);
    expect(paying.status).toBe(410);
    expect(paying.text).toContain(`action="/api/sites/${h}/billing-portal"`);
    expect(paying.text).not.toContain('Your private feed');
    expect(paying.text).not.toContain('E-mails');
    // The portal is still asked for (this server has no Stripe: it says so on the page rather than refusing).
    const portal = await payer.client.post(`/api/sites/${h}/billing-portal`, '', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(portal.status).toBe(303);
    expect(portal.headers.get('location')).toBe(`/@${h}/account?notice=billing-failed`);

    const free = await member.client.get(`/@${h}/account?leave=1`);
    expect(free.text).toContain(`action="/@${h}/account/leave"`);
    const left = await postForm(member.client, `/@${h}/account/leave`, {});
    expect(left.status).toBe(303);
    const [membership] = await db().select({ status: memberships.status }).from(memberships).where(and(eq(memberships.siteId, creator.siteId), eq(memberships.userId, member.userId)));
    expect(membership!.status).toBe('canceled');
  });
});

describe('a suspended site on its own domain', () => {
  it('answers 410 for its pages, sitemap, robots and RSS there, and tls-allowed 404 for the name and its twin, until restored', async () => {
    const { creator, open } = await siteWithReaders();
    const hostname = `suspended-${process.pid}.example.test`;
    await db().insert(domains).values({ siteId: creator.siteId, hostname, status: 'active', verificationToken: 'token', verifiedAt: new Date(), alternatePoints: true });
    await server.services.domainDirectory.refresh(creator.siteId);
    const channels = async () => ({
      home: (await onHost(hostname, '/')).status,
      post: (await onHost(hostname, `/posts/${open.slug}`)).status,
      rss: (await onHost(hostname, '/rss.xml')).status,
      sitemap: (await onHost(hostname, '/sitemap.xml')).status,
      robots: (await onHost(hostname, '/robots.txt')).status,
      tls: (await onHost(platformHost, `/internal/tls-allowed?domain=${hostname}`)).status,
      tlsTwin: (await onHost(platformHost, `/internal/tls-allowed?domain=www.${hostname}`)).status,
    });
    const open200 = { home: 200, post: 200, rss: 200, sitemap: 200, robots: 200, tls: 200, tlsTwin: 200 };
    expect(await channels()).toEqual(open200);

    // Another server on the same database: it hears of the change by NOTIFY.
    const other = await startTestServer({ shareWith: server });
    try {
      const tlsOnOther = async () => (await onHost(platformHost, `/internal/tls-allowed?domain=${hostname}`, other)).status;
      expect(await tlsOnOther()).toBe(200);

      expect((await suspend(creator.siteId)).status).toBe(204);
      expect(await channels()).toEqual({ home: 410, post: 410, rss: 410, sitemap: 410, robots: 410, tls: 404, tlsTwin: 404 });
      expect((await onHost(hostname, '/sitemap.xml')).body).not.toContain(open.slug);
      // The pages ask the database on every request: no server answers them a moment late.
      expect((await onHost(hostname, '/', other)).status).toBe(410);
      await expect.poll(tlsOnOther, { timeout: 30_000 }).toBe(404);

      // Sign-in, the handoff and the site's API on the domain are shut too, and the platform hands no sign-in over to it.
      for (const path of ['/login', '/auth/handoff?token=x', `/api/sites/${creator.handle}/messages`, '/account', '/join']) {
        expect((await onHost(hostname, path)).status, path).toBe(410);
      }
      expect((await onHost(platformHost, `/auth/handoff/start?domain=${hostname}&state=${'a'.repeat(32)}&next=/`)).status).toBe(404);

      expect((await restore(creator.siteId)).status).toBe(204);
      expect(await channels()).toEqual(open200);
      // The other server's copy of the domains follows the NOTIFY, as its certificate answer does.
      await expect.poll(async () => (await onHost(hostname, '/', other)).status, { timeout: 30_000 }).toBe(200);
      await expect.poll(tlsOnOther, { timeout: 30_000 }).toBe(200);
    } finally {
      await other.stop();
    }
  });
});

describe('newsletters of a suspended site', () => {
  async function newsletterSite(count: number) {
    const creator = await creatorWithSite(server);
    const siteTiers = await insertTiers(db(), creator.siteId);
    const emails: string[] = [];
    for (let at = 0; at < count; at += 1) {
      const email = `letter-${process.pid}-${creator.handle}-${at}@members.example`;
      const [user] = await db()
        .insert(users)
        .values({ id: `l${process.pid}${creator.handle}${at}`.slice(0, 40), email, fullName: `Reader ${at}`, displayName: `Reader ${at}`, username: `r${at}`, niche: '', role: 'member', emailVerified: true })
        .returning({ id: users.id });
      await insertMembership(db(), { siteId: creator.siteId, userId: user!.id, tierId: siteTiers.free.id });
      emails.push(email);
    }
    return { creator, siteTiers, emails };
  }

  async function sendOf(creator: Creator, postId: string): Promise<PostEmailAnswer> {
    return (await sendJson<PostEmailAnswer>(server, creator.client, 'GET', `/api/posts/${postId}/email`)).body;
  }

  const delivered = (emails: string[]) => emails.filter((email) => server.smtp.mailsTo(email).length > 0).length;

  it('holds a send planned before the suspension, and sends it, once to each, after the restore', async () => {
    const { creator, emails } = await newsletterSite(3);
    const post = await insertPost(db(), creator.siteId, { title: 'Scheduled letter', status: 'scheduled', publishedAt: new Date(Date.now() + 3600_000) });
    expect((await creator.patch(`/api/posts/${post.id}`, { email: { send: true, segment: 'all' } })).status).toBe(200);
    expect((await suspend(creator.siteId)).status).toBe(204);

    // Its time comes while the site is suspended: the post goes live (nobody can read it) and its send is planned, but held.
    await db().update(posts).set({ publishedAt: new Date(Date.now() - 1000) }).where(eq(posts.id, post.id));
    await server.services.posts.publishDue();
    await expect.poll(async () => (await sendOf(creator, post.id)).status, { timeout: 30_000 }).toBe('sending');
    const [send] = await db().select().from(emailSends).where(eq(emailSends.postId, post.id));
    // A delivery pass of our own, whatever the queue's workers do meanwhile: it sends nothing and says to look again later.
    const held = await server.services.email.delivery.deliverDue(send!.id);
    expect(held.done).toBe(false);
    expect(delivered(emails)).toBe(0);
    expect((await db().select().from(emailRecipients).where(eq(emailRecipients.sendId, send!.id))).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);

    expect((await restore(creator.siteId)).status).toBe(204);
    expect(await server.services.email.delivery.deliverDue(send!.id)).toEqual({ done: true });
    expect(emails.map((email) => server.smtp.mailsTo(email).length)).toEqual([1, 1, 1]);
  });

  it('sends no batch after the suspension lands mid-send, and the rest after the restore', async () => {
    const { creator, emails } = await newsletterSite(10);
    const post = await insertPost(db(), creator.siteId, { title: 'Mid-send letter', status: 'draft', publishedAt: null });
    expect((await creator.patch(`/api/posts/${post.id}`, { email: { send: true, segment: 'all' } })).status).toBe(200);
    // The mail server holds each message unanswered: the lanes' first batches stay in flight.
    server.smtp.pause();
    try {
      expect((await creator.patch(`/api/posts/${post.id}`, { status: 'published' })).status).toBe(200);
      await expect.poll(() => server.smtp.held, { timeout: 30_000 }).toBeGreaterThan(0);
      expect((await suspend(creator.siteId)).status).toBe(204);
    } finally {
      server.smtp.resume();
    }
    const [send] = await db().select().from(emailSends).where(eq(emailSends.postId, post.id));
    // The messages in flight when it landed settle; then every lane finds the site suspended.
    await expect.poll(async () => (await db().select().from(emailRecipients).where(eq(emailRecipients.sendId, send!.id))).filter((row) => row.claimId !== null).length, { timeout: 30_000 }).toBe(0);
    const inFlight = delivered(emails);
    expect(await server.services.email.delivery.deliverDue(send!.id)).toMatchObject({ done: false });
    expect(delivered(emails)).toBe(inFlight);
    expect(inFlight).toBeLessThan(emails.length);
    const pending = (await db().select().from(emailRecipients).where(eq(emailRecipients.sendId, send!.id))).filter((row) => row.status === 'pending');
    expect(pending.length).toBe(emails.length - inFlight);

    expect((await restore(creator.siteId)).status).toBe(204);
    await expect.poll(async () => (await server.services.email.delivery.deliverDue(send!.id)).done, { timeout: 30_000 }).toBe(true);
    expect(emails.map((email) => server.smtp.mailsTo(email).length)).toEqual(emails.map(() => 1));
  });

  it('welcomes no new member of a suspended site until it is restored', async () => {
    const { creator, siteTiers } = await newsletterSite(0);
    await db().insert(siteEmailSettings).values({ siteId: creator.siteId, welcomeText: 'Welcome aboard', welcomeSince: new Date(Date.now() - 60_000) });
    expect((await suspend(creator.siteId)).status).toBe(204);
    const joined = await memberOf(creator.siteId, siteTiers.free.id);
    const welcomed = async () => (await db().select().from(emailWelcomes).innerJoin(memberships, eq(memberships.id, emailWelcomes.membershipId)).where(eq(memberships.userId, joined.userId))).length;

    await server.services.email.welcome.sendDue();
    expect(await welcomed()).toBe(0);
    expect((await restore(creator.siteId)).status).toBe(204);
    await server.services.email.welcome.sendDue();
    await expect.poll(welcomed, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => server.smtp.mailsTo(joined.email).filter((mail) => mail.text.includes('Welcome aboard')).length, { timeout: 30_000 }).toBe(1);
  });
});

describe("the admin suspension routes with another creator's or another site's ids", () => {
  it('refuses each one and suspends nothing', async () => {
    const owner = await creatorWithSite(server);
    const rival = await creatorWithSite(server);
    const suspended = async () => (await db().select().from(siteSuspensions).where(eq(siteSuspensions.siteId, owner.siteId))).length;

    // A creator naming another's site, or their own: the operator's routes are not theirs.
    for (const client of [rival.client, owner.client]) {
      expect((await sendJson(server, client, 'PUT', `/api/admin/sites/${owner.siteId}/suspension`, { reason: 'mine now' })).status).toBe(403);
      expect((await sendJson(server, client, 'DELETE', `/api/admin/sites/${owner.siteId}/suspension`)).status).toBe(403);
      expect((await client.get(`/api/admin/sites?q=${owner.handle}`)).status).toBe(403);
    }
    expect(await suspended()).toBe(0);
    // The admin with ids that are no site: a user's id, a membership's, an unknown UUID, no UUID at all.
    const membership = await memberOf(owner.siteId, (await insertTiers(db(), owner.siteId)).free.id);
    const [row] = await db().select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, membership.userId));
    for (const id of [row!.id, '00000000-0000-4000-8000-000000000000', owner.userId, owner.handle, `${owner.siteId}x`, "' or 1=1 --"]) {
      expect((await sendJson(server, admin.client, 'PUT', `/api/admin/sites/${encodeURIComponent(id)}/suspension`, {})).status, id).toBe(404);
      expect((await sendJson(server, admin.client, 'DELETE', `/api/admin/sites/${encodeURIComponent(id)}/suspension`)).status, id).toBe(404);
    }
    // A reason too long, or not text, is the caller's mistake.
    expect((await sendJson(server, admin.client, 'PUT', `/api/admin/sites/${owner.siteId}/suspension`, { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await sendJson(server, admin.client, 'PUT', `/api/admin/sites/${owner.siteId}/suspension`, { reason: 7 })).status).toBe(400);
    expect(await suspended()).toBe(0);
    expect(await db().select().from(siteSuspensions).where(eq(siteSuspensions.siteId, rival.siteId))).toEqual([]);
    // The search's query is text only: another site's id finds nothing and breaks nothing.
    const found = await admin.client.get<{ sites: unknown[] }>(`/api/admin/sites?q=${owner.siteId}`);
    expect(found.status).toBe(200);
    expect(found.body.sites).toEqual([]);
  });
});
