/**
 * A member's e-mail is confirmed before members-only content opens to them
 * (issue 15 item 6, docs/decisions/065), on the real app, database and SMTP
 * sink. A fan who joined a free tier with a password (before docs/decisions/145) reads the preview and a
 * call to confirm their e-mail, on the page, in the site RSS, in their member
 * feed and through its media URLs, until they follow the link of the mail,
 * which names the site they joined; the resend works and names it too. A
 * member paying through Stripe is let in before confirming. A creator's
 * verification mail stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpVerified, STRONG_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { embed, insertMedia, insertMembership, insertPost, insertSite, insertTier, linkMedia, userIdOf } from '../support/site-fixtures.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const SITE_TITLE = 'Tidal Notes';
const MEMBERS_SECRET = 'rock-pool-members-secret';
const PAID_SECRET = 'storm-beach-paid-secret';

// Tests only move this clock forward (past the one-minute wait between verification mails).
const time = createTestClock();
let server: TestServer;
let site: Awaited<ReturnType<typeof insertSite>>['site'];
let freeTierId: string;
let paidTierId: string;
let gatedImage: { id: string };
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer({ clock: time.clock });
  const creator = await signUpVerified(server);
  const created = await insertSite(db(), await userIdOf(db(), creator.email), { title: SITE_TITLE });
  site = created.site;
  freeTierId = created.freeTier.id;
  paidTierId = (await insertTier(db(), site.id, { name: 'Patron', monthlyPrice: 900 })).id;
  gatedImage = await insertMedia(db(), site.id, 'image');
  const members = await insertPost(db(), site.id, {
    slug: 'members-post',
    title: 'For members',
    visibility: 'members',
    previewHtml: '<p>The start.</p>',
    gatedHtml: `<p>${MEMBERS_SECRET}</p>${embed({ id: gatedImage.id, kind: 'image' })}`,
  });
  await linkMedia(db(), members.id, gatedImage.id, 'gated');
  await insertPost(db(), site.id, { slug: 'paid-post', title: 'For patrons', visibility: 'paid', previewHtml: '<p>Patrons read on.</p>', gatedHtml: `<p>${PAID_SECRET}</p>` });
});

afterAll(async () => {
  await server?.stop();
});

/**
 * A member who signed up with a name and a password on the join page before a join took one field
 * (docs/decisions/145): signed in, a member of the free tier, their address not confirmed yet and its
 * verification mail on its way. A fan joining now confirms by the join link (tests/integration/join-by-email.test.ts).
 */
async function joinAsNewMember(): Promise<{ client: TestClient; email: string }> {
  const client = createTestClient(server.url);
  const email = uniqueEmail('fan');
  const signedIn = await server.services.accounts.signup({ fullName: 'Bo Reader', email, password: STRONG_PASSWORD, agreeToTerms: true, role: 'member', siteId: site.id }, { ip: '127.0.0.1', userAgent: 'test' });
  await insertMembership(db(), { siteId: site.id, userId: signedIn.user.id, tierId: freeTierId });
  client.cookies.set('session', signedIn.session.token);
  return { client, email };
}

/** The post page, the site RSS (signed in), the member feed and its media URL for the gated image, as one reader gets them. */
async function channels(client: TestClient) {
  const page = await client.get(`/@${site.handle}/posts/members-post`);
  const rss = await client.get(`/@${site.handle}/rss.xml`);
  const feedUrl = (await client.post<{ url: string }>(`/api/sites/${site.handle}/feed-token`)).body.url;
  const feed = await (await fetch(feedUrl)).text();
  const media = await fetch(`${feedUrl.slice(0, -'.xml'.length)}/media/${gatedImage.id}/original`, { redirect: 'manual' });
  return { page: page.text, rss: rss.text, feed, mediaStatus: media.status };
}

describe('a free member who has not confirmed their e-mail', () => {
  it('gets the preview and a call to confirm on every channel, until they follow the link of the resent mail', async () => {
    const fan = await joinAsNewMember();
    const welcome = await fan.client.get(`/@${site.handle}?joined=1`);
    expect(welcome.text).toContain(`Welcome! You are now a member of ${SITE_TITLE}. Open the link we sent to your e-mail to read the members posts.`);

    const before = await channels(fan.client);
    for (const [channel, body] of Object.entries({ page: before.page, rss: before.rss, feed: before.feed })) {
      expect(body, channel).not.toContain(MEMBERS_SECRET);
      expect(body, channel).not.toContain(gatedImage.id);
    }
    expect(before.mediaStatus).toBe(404);
    expect(before.page).toContain('The start.');
    expect(before.page).toContain('Confirm your e-mail to read this post');
    expect(before.page).toContain('href="/verify-email"');
    expect(before.page).not.toContain(`href="/@${site.handle}/join">Join`);

    // The mail of the sign-up names the site and speaks to a member.
    const [joined] = await server.smtp.waitForMail(fan.email);
    expect(joined!.subject).toBe(`Confirm your e-mail to read ${SITE_TITLE}`);
    expect(joined!.text).toContain(`You joined ${SITE_TITLE}`);
    expect(joined!.text).not.toContain('creator area');

    // The page's action: a new link, after the minute the rate limit asks.
    time.advance(61_000);
    const resent = await fan.client.post('/api/auth/verification-email');
    expect(resent.status).toBe(202);
    const mails = await server.smtp.waitForMail(fan.email, { count: 2 });
    const again = mails[1]!;
    expect(again.subject).toBe(`Confirm your e-mail to read ${SITE_TITLE}`);
    expect(again.text).not.toContain('creator area');
    const followed = await fan.client.visit(again.links[0]!);
    expect(followed.headers.get('location')).toBe(`/@${site.handle}`);

    const after = await channels(fan.client);
    expect(after.page).toContain(MEMBERS_SECRET);
    expect(after.page).toContain(`/media/${gatedImage.id}/`);
    expect(after.page).not.toContain('id="gate-heading"');
    expect(after.rss).toContain(MEMBERS_SECRET);
    expect(after.feed).toContain(MEMBERS_SECRET);
    expect(after.mediaStatus).toBe(302);
  });

  it('gets a verification mail that names the site they joined and speaks to a member', async () => {
    const fan = await joinAsNewMember();
    const [mail] = await server.smtp.waitForMail(fan.email);
    expect(mail!.subject).toBe(`Confirm your e-mail to read ${SITE_TITLE}`);
    expect(mail!.text).toContain(`You joined ${SITE_TITLE}`);
    expect(mail!.html).toContain('Confirm my e-mail');
    expect(mail!.text).not.toContain('creator area');
  });

  it('is asked to pay, not to confirm, for a paid post', async () => {
    const fan = await joinAsNewMember();
    const page = await fan.client.get(`/@${site.handle}/posts/paid-post`);
    expect(page.text).not.toContain(PAID_SECRET);
    expect(page.text).toContain('This post is for paying members');
    expect(page.text).not.toContain('Confirm your e-mail');
  });
});

describe('a member paying through Stripe', () => {
  it('reads paid and members posts before confirming their e-mail', async () => {
    const payer = await signUp(server);
    await insertMembership(db(), { siteId: site.id, userId: await userIdOf(db(), payer.email), tierId: paidTierId, status: 'active', source: 'stripe' });
    const paid = await payer.client.get(`/@${site.handle}/posts/paid-post`);
    expect(paid.text).toContain(PAID_SECRET);
    const members = await payer.client.get(`/@${site.handle}/posts/members-post`);
    expect(members.text).toContain(MEMBERS_SECRET);
  });
});

describe("a creator's verification mail", () => {
  it('still speaks of the creator area', async () => {
    const { email } = await signUp(server);
    const [mail] = await server.smtp.waitForMail(email);
    expect(mail!.subject).toContain('Verify your email');
    expect(mail!.text).toContain('creator area');
    expect(mail!.text).not.toContain(SITE_TITLE);
  });
});
