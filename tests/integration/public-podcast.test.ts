/**
 * The public podcast feed (issue 15, item 7) on the real app, a real database
 * and the real media store: an anonymous reader's RSS of a site carries an
 * enclosure and the iTunes tags for a public post with audio, at a stable URL
 * that serves byte ranges without a signature; a members or paid post's audio
 * never appears in it, and the stable URL answers 404 for a file no public
 * live post of its own site uses (gated, unused, lent to another creator's
 * post, or once its post stops being public).
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import xml from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMedia, posts, sites } from '../../db/content-schema.ts';
import { users as accountUsers } from '../../db/schema.ts';
import { mediaPrefix } from '../../server/media/media-service.ts';
import { signUpVerified } from '../support/accounts.ts';
import { embed, insertMedia, insertPost, insertSite, linkMedia, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const AUDIO = Buffer.from(Array.from({ length: 6000 }, (_, index) => (index * 7) % 256));
const MEMBERS_AUDIO = Buffer.alloc(3000, 1);
const PAID_AUDIO = Buffer.alloc(3000, 2);
const COVER_ART = Buffer.alloc(2000, 3);

let server: TestServer;
let site: Awaited<ReturnType<typeof insertSite>>['site'];
let ownerId: string;
type Media = Awaited<ReturnType<typeof insertMedia>>;
let audio: Media;
let membersAudio: Media;
let paidAudio: Media;
let avatar: Media;
let otherCreatorsAudio: Media;
const db = () => server.handle.db;

async function store(item: Media, file: string, bytes: Buffer) {
  await server.services.media.storage.put(`${mediaPrefix(item.siteId, item.id)}${file}`, Readable.from(bytes), bytes.length);
}

beforeAll(async () => {
  server = await startTestServer();
  const creator = await signUpVerified(server);
  ownerId = await userIdOf(db(), creator.email);
  site = (await insertSite(db(), ownerId, { tagline: 'Tides, weekly' })).site;
  audio = await insertMedia(db(), site.id, 'audio', { type: 'audio/mpeg', bytes: AUDIO.length, derived: { durationSeconds: 754 } });
  membersAudio = await insertMedia(db(), site.id, 'audio', { type: 'audio/mpeg', bytes: MEMBERS_AUDIO.length });
  paidAudio = await insertMedia(db(), site.id, 'audio', { type: 'audio/mpeg', bytes: PAID_AUDIO.length });
  avatar = await insertMedia(db(), site.id, 'image', { derived: { width: 1600, height: 1600, images: [{ width: 1600, height: 1600, file: 'w1600.webp' }] } });
  await Promise.all([store(audio, 'original', AUDIO), store(membersAudio, 'original', MEMBERS_AUDIO), store(paidAudio, 'original', PAID_AUDIO), store(avatar, 'w1600.webp', COVER_ART)]);
  await db().update(sites).set({ avatarMediaId: avatar.id }).where(eq(sites.id, site.id));

  const episode = await insertPost(db(), site.id, { slug: 'episode-1', title: 'Episode one', excerpt: 'Low tide at dawn', previewHtml: `<p>Listen.</p>${embed(audio)}` });
  await linkMedia(db(), episode.id, audio.id, 'preview');
  const members = await insertPost(db(), site.id, { slug: 'members-episode', title: 'Members episode', visibility: 'members', previewHtml: '<p>For members.</p>', gatedHtml: embed(membersAudio) });
  await linkMedia(db(), members.id, membersAudio.id, 'gated');
  const paid = await insertPost(db(), site.id, { slug: 'paid-episode', title: 'Paid episode', visibility: 'paid', previewHtml: '', gatedHtml: embed(paidAudio) });
  await linkMedia(db(), paid.id, paidAudio.id, 'gated');

  // Another creator's file, embedded in this site's public post: a post of one site never lends a file of another.
  const other = await signUpVerified(server);
  const otherSite = (await insertSite(db(), await userIdOf(db(), other.email))).site;
  otherCreatorsAudio = await insertMedia(db(), otherSite.id, 'audio', { type: 'audio/mpeg', bytes: AUDIO.length });
  await store(otherCreatorsAudio, 'original', AUDIO);
  const borrowing = await insertPost(db(), site.id, { slug: 'borrowed', title: 'Borrowed', previewHtml: embed(otherCreatorsAudio) });
  await linkMedia(db(), borrowing.id, otherCreatorsAudio.id, 'preview');
});

afterAll(async () => {
  await server?.stop();
});

interface Enclosure {
  '@url': string;
  '@length': string;
  '@type': string;
}
type Item = Record<string, unknown> & { title: string; enclosure?: Enclosure };
interface Feed {
  rss: { '@xmlns:itunes': string; channel: Record<string, unknown> & { item: Item[] } };
}

async function anonymousFeed(): Promise<{ text: string; feed: Feed }> {
  const response = await fetch(`${server.url}/@${site.handle}/rss.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/rss+xml');
  const text = await response.text();
  expect(xml.validate(text)).toBe(true);
  return { text, feed: xml.parse(text, { ignoreAttributes: false, attributeNamePrefix: '@', parseNodeValue: false, parseAttributeValue: false }) as Feed };
}

const stableUrl = (item: Media, file = 'original') => `${server.url}/media/${item.id}/public/${file}`;

async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { headers: { range: 'bytes=0-9' } });
  await response.body?.cancel();
  return response.status;
}

describe('the public podcast feed', () => {
  it('carries the iTunes tags and, for a public post with audio, an enclosure a podcast app can download with byte ranges', async () => {
    const { feed } = await anonymousFeed();
    const channel = feed.rss.channel;
    expect(feed.rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(channel['itunes:author']).toBe('Harbour Sounds');
    expect(channel['itunes:summary']).toBe('Tides, weekly');
    expect(channel['itunes:explicit']).toBe('false');
    expect(channel['itunes:block']).toBeUndefined();
    expect((channel['itunes:image'] as { '@href': string })['@href']).toBe(stableUrl(avatar, 'w1600.webp'));

    const episode = channel.item.find((item) => item.title === 'Episode one')!;
    expect(episode['itunes:duration']).toBe('12:34');
    expect(episode['itunes:summary']).toBe('Low tide at dawn');
    const enclosure = episode.enclosure!;
    expect(enclosure['@url']).toBe(stableUrl(audio));
    expect(enclosure['@type']).toBe('audio/mpeg');
    expect(enclosure['@length']).toBe(String(AUDIO.length));

    // No signature, no cookie: what a podcast app does days later.
    const ranged = await fetch(enclosure['@url'], { headers: { range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('audio/mpeg');
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${AUDIO.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(AUDIO.subarray(1000, 2000));
    const whole = await fetch(enclosure['@url'], { method: 'HEAD' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(enclosure['@length']);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const artwork = await fetch(stableUrl(avatar, 'w1600.webp'));
    expect(artwork.status).toBe(200);
    expect(Buffer.from(await artwork.arrayBuffer())).toEqual(COVER_ART);
  });

  it('never names a members or paid post’s audio, and its stable URL is 404', async () => {
    const { text, feed } = await anonymousFeed();
    for (const gated of [membersAudio, paidAudio]) expect(text).not.toContain(gated.id);
    const titles = feed.rss.channel.item.map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(['Members episode', 'Paid episode']));
    for (const title of ['Members episode', 'Paid episode']) expect(feed.rss.channel.item.find((item) => item.title === title)!.enclosure).toBeUndefined();
    for (const gated of [membersAudio, paidAudio]) expect(await statusOf(stableUrl(gated))).toBe(404);
  });

  it('is 404 at the stable URL for another creator’s file, an unused file and a file that does not exist', async () => {
    expect(await statusOf(stableUrl(otherCreatorsAudio))).toBe(404);
    const unused = await insertMedia(db(), site.id, 'audio', { type: 'audio/mpeg', bytes: AUDIO.length });
    await store(unused, 'original', AUDIO);
    expect(await statusOf(stableUrl(unused))).toBe(404);
    expect(await statusOf(`${server.url}/media/00000000-0000-4000-8000-000000000000/public/original`)).toBe(404);
  });

  it('stops serving a file the moment its post is no longer public, and serves it again when it is', async () => {
    const extra = await insertMedia(db(), site.id, 'audio', { type: 'audio/mpeg', bytes: AUDIO.length });
    await store(extra, 'original', AUDIO);
    const post = await insertPost(db(), site.id, { slug: 'changing', title: 'Changing', previewHtml: embed(extra) });
    await linkMedia(db(), post.id, extra.id, 'preview');
    expect(await statusOf(stableUrl(extra))).toBe(206);
    // Made members-only without a marker, the whole body is the gated part (server/posts/render-document.ts), and its media with it.
    await db().update(posts).set({ visibility: 'members', previewHtml: '', gatedHtml: embed(extra) }).where(eq(posts.id, post.id));
    await db().update(postMedia).set({ place: 'gated' }).where(eq(postMedia.postId, post.id));
    expect(await statusOf(stableUrl(extra))).toBe(404);
    await db().update(posts).set({ visibility: 'public', status: 'draft', previewHtml: embed(extra), gatedHtml: '' }).where(eq(posts.id, post.id));
    await db().update(postMedia).set({ place: 'preview' }).where(eq(postMedia.postId, post.id));
    expect(await statusOf(stableUrl(extra))).toBe(404);
    await db().update(posts).set({ status: 'published' }).where(eq(posts.id, post.id));
    expect(await statusOf(stableUrl(extra))).toBe(206);
  });

  it('serves nothing of an unpublished site at the stable URL, its avatar included', async () => {
    expect(await statusOf(stableUrl(audio))).toBe(206);
    await db().update(sites).set({ publishedAt: null }).where(eq(sites.id, site.id));
    try {
      expect(await statusOf(stableUrl(audio))).toBe(404);
      expect(await statusOf(stableUrl(avatar, 'w1600.webp'))).toBe(404);
    } finally {
      await db().update(sites).set({ publishedAt: new Date() }).where(eq(sites.id, site.id));
    }
  });

  it('marks the show explicit when its creator chose the adult niche', async () => {
    await db().update(accountUsers).set({ niche: 'nsfw' }).where(eq(accountUsers.id, ownerId));
    try {
      expect((await anonymousFeed()).feed.rss.channel['itunes:explicit']).toBe('true');
    } finally {
      await db().update(accountUsers).set({ niche: 'music' }).where(eq(accountUsers.id, ownerId));
    }
  });

  it('keeps naming an episode by its page URL, so apps that already listed it do not list it twice', async () => {
    const { feed } = await anonymousFeed();
    const episode = feed.rss.channel.item.find((item) => item.title === 'Episode one')!;
    expect(episode.guid).toEqual({ '#text': `${server.url}/@${site.handle}/posts/episode-1`, '@isPermaLink': 'true' });
  });
});
