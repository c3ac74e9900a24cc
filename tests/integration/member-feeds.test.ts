/**
 * Private member feeds and the member's account page (issue 10, items 3 and
 * 4) on the real app, a real database and the real media store: a free and a
 * paying member's feeds differ, the feed is valid RSS with the iTunes tags and
 * an audio enclosure that serves byte ranges through the token, a new link
 * kills the old one (feed and enclosure), an ended membership's feed is 404,
 * the token never reaches the request log; the account page shows the
 * membership in words, makes the link, and lets a free member leave.
 */
import { Readable, Writable } from 'node:stream';
import xml from 'fast-xml-parser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/content-schema.ts';
import { membershipEvents, postTiers } from '../../db/money-schema.ts';
import { mediaPrefix } from '../../server/media/media-service.ts';
import { signUpVerified } from '../support/accounts.ts';
import { createTestClient, type TestClient } from '../support/http-client.ts';
import { embed, insertMedia, insertMembership, insertPost, insertSite, insertTier, linkMedia, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const MEMBERS_SECRET = 'tide-pool-members-secret';
const PATRONS_SECRET = 'night-heron-patrons-secret';
const AUDIO_BYTES = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));

let server: TestServer;
const logLines: string[] = [];
let site: Awaited<ReturnType<typeof insertSite>>['site'];
let freeTierId: string;
let patronId: string;
let audioId: string;
const db = () => server.handle.db;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ env: { LOG_LEVEL: 'debug' }, logStream });
  const creator = await signUpVerified(server);
  const created = await insertSite(db(), await userIdOf(db(), creator.email), { tagline: 'Night sounds' });
  site = created.site;
  freeTierId = created.freeTier.id;
  patronId = (await insertTier(db(), site.id, { name: 'Patron' })).id;
  const audio = await insertMedia(db(), site.id, 'audio', { type: 'audio/mpeg', bytes: AUDIO_BYTES.length, derived: { durationSeconds: 3725 } });
  audioId = audio.id;
  await server.services.media.storage.put(`${mediaPrefix(site.id, audio.id)}original`, Readable.from(AUDIO_BYTES), AUDIO_BYTES.length);
  await insertPost(db(), site.id, { slug: 'open-post', title: 'Open to all', previewHtml: '<p>Hello everyone.</p>' });
  await insertPost(db(), site.id, { slug: 'members-post', title: 'For members', visibility: 'members', previewHtml: '<p>Start.</p>', gatedHtml: `<p>${MEMBERS_SECRET}</p>` });
  const episode = await insertPost(db(), site.id, {
    slug: 'episode-1',
    title: 'Episode one',
    excerpt: 'The first episode',
    visibility: 'tiers',
    previewHtml: '<p>Listen below.</p>',
    gatedHtml: `<p>${PATRONS_SECRET}</p>${embed(audio)}`,
  });
  await db().insert(postTiers).values({ postId: episode.id, tierId: patronId });
  await linkMedia(db(), episode.id, audio.id, 'gated');
});

afterAll(async () => {
  await server?.stop();
});

async function member(tierId: string, status: 'active' | 'past_due' = 'active', source: 'free' | 'stripe' = 'free') {
  const account = await signUpVerified(server);
  const userId = await userIdOf(db(), account.email);
  const row = await insertMembership(db(), { siteId: site.id, userId, tierId, status, source });
  return { client: account.client, membershipId: row.id };
}

async function feedUrlOf(client: TestClient): Promise<string> {
  const answer = await client.post<{ url: string }>(`/api/sites/${site.handle}/feed-token`);
  expect(answer.status).toBe(200);
  expect(answer.body.url).toMatch(new RegExp(`^${server.url}/@${site.handle}/feed/[A-Za-z0-9_-]{43}\\.xml$`));
  return answer.body.url;
}

const fetchText = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
};

describe('private member feeds', () => {
  it('a free member’s feed and a patron’s feed list what each may read, as valid RSS with iTunes tags', async () => {
    const free = await member(freeTierId);
    const patron = await member(patronId);
    const freeFeed = await fetchText(await feedUrlOf(free.client));
    const patronFeed = await fetchText(await feedUrlOf(patron.client));
    expect(freeFeed.status).toBe(200);
    expect(freeFeed.headers.get('content-type')).toContain('application/rss+xml');
    expect(freeFeed.headers.get('cache-control')).toBe('private, no-store');
    expect(freeFeed.text).toContain(MEMBERS_SECRET);
    expect(freeFeed.text).not.toContain(PATRONS_SECRET);
    expect(freeFeed.text).not.toContain(audioId);
    expect(patronFeed.text).toContain(MEMBERS_SECRET);
    expect(patronFeed.text).toContain(PATRONS_SECRET);

    for (const feed of [freeFeed.text, patronFeed.text]) expect(xml.validate(feed)).toBe(true);
    const parsed = xml.parse(patronFeed.text, { ignoreAttributes: false, attributeNamePrefix: '@', parseNodeValue: false, parseAttributeValue: false }) as {
      rss: { '@xmlns:itunes': string; channel: { 'itunes:author': string; 'itunes:explicit': string; 'itunes:summary': string; item: Record<string, unknown>[] } };
    };
    expect(parsed.rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(parsed.rss.channel['itunes:author']).toBe('Harbour Sounds');
    expect(parsed.rss.channel['itunes:explicit']).toBe('false');
    expect(parsed.rss.channel['itunes:summary']).toBe('Night sounds');
    const titles = parsed.rss.channel.item.map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(['Open to all', 'For members', 'Episode one']));
    const episode = parsed.rss.channel.item.find((item) => item.title === 'Episode one')!;
    expect(episode['itunes:duration']).toBe('1:02:05');
    expect(episode['content:encoded']).toContain(PATRONS_SECRET);
    const enclosure = episode.enclosure as { '@url': string; '@length': string; '@type': string };
    expect(enclosure['@length']).toBe(String(AUDIO_BYTES.length));
    expect(enclosure['@type']).toBe('audio/mpeg');
    expect(enclosure['@url']).toMatch(new RegExp(`/@${site.handle}/feed/[A-Za-z0-9_-]{43}/media/${audioId}/original$`));
  });

  it('the enclosure serves byte ranges through the token, and stops the moment the member gets a new link', async () => {
    const patron = await member(patronId);
    const oldUrl = await feedUrlOf(patron.client);
    const enclosure = /<enclosure url="([^"]+)"/.exec((await fetchText(oldUrl)).text)![1]!.replaceAll('&amp;', '&');
    const ranged = await fetch(enclosure, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${AUDIO_BYTES.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(AUDIO_BYTES.subarray(100, 200));

    const newUrl = await feedUrlOf(patron.client);
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetchText(oldUrl)).status).toBe(404);
    const stale = await fetch(enclosure, { redirect: 'manual' });
    expect(stale.status).toBe(404);
    await stale.body?.cancel();
    expect((await fetchText(newUrl)).status).toBe(200);
  });

  it('gated media of a post the member may not read is 404 through their token', async () => {
    const free = await member(freeTierId);
    const url = await feedUrlOf(free.client);
    const guessed = await fetch(url.replace(/\.xml$/, `/media/${audioId}/original`), { redirect: 'manual' });
    expect(guessed.status).toBe(404);
    await guessed.body?.cancel();
  });

  it('an ended membership’s feed is 404; a past_due one keeps working while the site allows it', async () => {
    const ending = await member(freeTierId);
    const url = await feedUrlOf(ending.client);
    await db().update(memberships).set({ status: 'expired' }).where(eq(memberships.id, ending.membershipId));
    expect((await fetchText(url)).status).toBe(404);
    expect((await ending.client.post(`/api/sites/${site.handle}/feed-token`)).status).toBe(404);

    const retrying = await member(patronId, 'past_due', 'stripe');
    const retryUrl = await feedUrlOf(retrying.client);
    expect((await fetchText(retryUrl)).status).toBe(200);
  });

  it('a made-up token, a non-member and a signed-out caller get nothing', async () => {
    expect((await fetchText(`${server.url}/@${site.handle}/feed/${'A'.repeat(43)}.xml`)).status).toBe(404);
    expect((await fetchText(`${server.url}/@${site.handle}/feed/short.xml`)).status).toBe(404);
    const stranger = await signUpVerified(server);
    expect((await stranger.client.post(`/api/sites/${site.handle}/feed-token`)).status).toBe(404);
    expect((await createTestClient(server.url).post(`/api/sites/${site.handle}/feed-token`)).status).toBe(401);
    expect((await createTestClient(server.url, 'https://evil.example').post(`/api/sites/${site.handle}/feed-token`)).status).toBe(403);
  });

  it('never writes a feed token to the log', async () => {
    const patron = await member(patronId);
    const url = await feedUrlOf(patron.client);
    const token = /\/feed\/([^/]+)\.xml$/.exec(url)![1]!;
    await fetchText(url);
    const enclosure = /<enclosure url="([^"]+)"/.exec((await fetchText(url)).text)![1]!;
    await (await fetch(enclosure, { redirect: 'manual' })).body?.cancel();
    await fetchText(url.replace(token, `${token.slice(0, 42)}X`));
    await expect.poll(() => logLines.filter((line) => line.includes('/feed/[redacted]')).length).toBeGreaterThanOrEqual(4);
    expect(logLines.join('\n')).not.toContain(token);
    expect(logLines.join('\n')).not.toContain(token.slice(0, 42));
  });
});

describe('the account page', () => {
  it("sends a signed-out visitor to the site's sign-in, and a non-member to join", async () => {
    const signedOut = await createTestClient(server.url).get(`/@${site.handle}/account`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe(`/@${site.handle}/sign-in`);
    const stranger = await signUpVerified(server);
    const page = await stranger.client.get(`/@${site.handle}/account`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('You are not a member of Harbour Sounds yet.');
    expect(page.text).toContain(`href="/@${site.handle}/join"`);
    expect((await stranger.client.get('/@nobody-here/account')).status).toBe(404);
  });

  it('shows a paying member their tier, status in words and price, and billing instead of leaving', async () => {
    const patron = await member(patronId, 'active', 'stripe');
    await db()
      .update(memberships)
      .set({ cadence: 'month', amount: 500, currency: 'usd', currentPeriodEnd: new Date('2031-03-04T00:00:00Z'), stripeSubscriptionId: `sub_${patron.membershipId}` })
      .where(eq(memberships.id, patron.membershipId));
    const page = await patron.client.get(`/@${site.handle}/account`);
    expect(page.text).toContain('<dd>Patron</dd>');
    expect(page.text).toContain('Active — renews on March 4, 2031');
    expect(page.text).toContain('$5.00 a month');
    expect(page.text).toContain(`action="/api/sites/${site.handle}/billing-portal"`);
    expect(page.text).not.toContain('/account/leave');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    await db().update(memberships).set({ status: 'past_due' }).where(eq(memberships.id, patron.membershipId));
    expect((await patron.client.get(`/@${site.handle}/account`)).text).toContain('Payment failed — update your card');
  });

  it('makes the feed link with a plain form, shows it once, and a free member leaves after confirming', async () => {
    const free = await member(freeTierId);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const made = await free.client.post(`/@${site.handle}/account/feed-link`, '', form);
    expect(made.status).toBe(303);
    expect(made.headers.get('location')).toBe(`/@${site.handle}/account?notice=new-feed`);
    const shown = await free.client.get(`/@${site.handle}/account?notice=new-feed`);
    const feed = new RegExp(`value="(${server.url}/@${site.handle}/feed/[A-Za-z0-9_-]{43}\\.xml)"`).exec(shown.text)?.[1];
    expect(feed).toBeDefined();
    expect((await fetchText(feed!)).status).toBe(200);
    expect((await free.client.get(`/@${site.handle}/account`)).text).not.toContain(feed!);

    const confirm = await free.client.get(`/@${site.handle}/account?leave=1`);
    expect(confirm.text).toContain('Leave Harbour Sounds?');
    const left = await free.client.post(`/@${site.handle}/account/leave`, '', form);
    expect(left.headers.get('location')).toBe(`/@${site.handle}/account?notice=left`);
    const [row] = await db().select().from(memberships).where(eq(memberships.id, free.membershipId));
    expect(row).toMatchObject({ status: 'canceled', feedTokenHash: null });
    expect(row!.endedAt).toBeInstanceOf(Date);
    const events = await db().select().from(membershipEvents).where(eq(membershipEvents.membershipId, free.membershipId));
    expect(events.map((event) => event.kind)).toEqual(['ended']);
    expect((await fetchText(feed!)).status).toBe(404);
    expect((await free.client.get(`/@${site.handle}/posts/members-post`)).text).not.toContain(MEMBERS_SECRET);
    const forged = await createTestClient(server.url, 'https://evil.example').post(`/@${site.handle}/account/leave`, '', form);
    expect(forged.status).toBe(403);
  });

  it('a Stripe member cannot leave by the free form: Stripe must stop billing first', async () => {
    const patron = await member(patronId, 'active', 'stripe');
    await db().update(memberships).set({ stripeSubscriptionId: `sub_${patron.membershipId}` }).where(eq(memberships.id, patron.membershipId));
    await patron.client.post(`/@${site.handle}/account/leave`, '', { 'content-type': 'application/x-www-form-urlencoded' });
    const [row] = await db().select().from(memberships).where(eq(memberships.id, patron.membershipId));
    expect(row!.status).toBe('active');
  });
});
