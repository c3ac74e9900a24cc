/**
 * Public media at stable, cacheable addresses (issue 29, item 6) on the real
 * app, database and media store, with a clock the test moves: a public post's
 * page names its cover (its Open Graph image), its body images and the site's
 * avatar at `/media/{id}/public/{file}`, with no expiry in them, served as
 * immutable for a year, and still served a month later; a members-only post's
 * gated image stays on a signed link that a member's page carries, that
 * stops at its expiry, that a forged signature does not open, and that no
 * other site's post makes public; the published design's sharing image is
 * public too, a file only its draft names is not.
 */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign } from '../../common/design.ts';
import { sites } from '../../db/content-schema.ts';
import { siteDesigns } from '../../db/design-schema.ts';
import { mediaPrefix } from '../../server/media/media-service.ts';
import { signUpVerified } from '../support/accounts.ts';
import type { TestClient } from '../support/http-client.ts';
import { embed, insertMedia, insertMembership, insertPost, insertSite, userIdOf } from '../support/site-fixtures.ts';
import { createTestClock, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const FILE = Buffer.alloc(1500, 9);
const IMAGE_DERIVED = { width: 1600, height: 900, images: [{ width: 640, height: 360, file: 'w640.webp' }, { width: 1280, height: 720, file: 'w1280.webp' }] };

const testClock = createTestClock();
let server: TestServer;
let handle = '';
let siteId = '';
let freeTierId = '';
let otherHandle = '';
type Media = Awaited<ReturnType<typeof insertMedia>>;
let cover: Media;
let bodyImage: Media;
let avatar: Media;
let gatedImage: Media;
const db = () => server.handle.db;

async function image(siteId: string): Promise<Media> {
  const item = await insertMedia(db(), siteId, 'image', { type: 'image/jpeg', derived: IMAGE_DERIVED });
  for (const file of ['w640.webp', 'w1280.webp', 'original']) await server.services.media.storage.put(`${mediaPrefix(siteId, item.id)}${file}`, Readable.from(FILE), FILE.length);
  return item;
}

beforeAll(async () => {
  server = await startTestServer({ clock: testClock.clock });
  const creator = await signUpVerified(server);
  const { site, freeTier } = await insertSite(db(), await userIdOf(db(), creator.email), { title: 'Harbour Sounds' });
  handle = site.handle;
  [cover, bodyImage, avatar, gatedImage] = [await image(site.id), await image(site.id), await image(site.id), await image(site.id)];
  await db().update(sites).set({ avatarMediaId: avatar.id }).where(eq(sites.id, site.id));
  await insertPost(db(), site.id, { slug: 'open', title: 'Open to all', coverMediaId: cover.id, previewHtml: `<p>Low tide.</p>${embed(bodyImage)}` });
  await insertPost(db(), site.id, { slug: 'for-members', title: 'For members', visibility: 'members', previewHtml: '<p>The fog came in.</p>', gatedHtml: `<p>Only members.</p>${embed(gatedImage)}` });
  siteId = site.id;
  freeTierId = freeTier.id;

  // Another creator embeds this site's gated image in a public post of theirs: it lends them nothing.
  const other = await signUpVerified(server);
  const otherSite = (await insertSite(db(), await userIdOf(db(), other.email))).site;
  otherHandle = otherSite.handle;
  await insertPost(db(), otherSite.id, { slug: 'borrowed', title: 'Borrowed', previewHtml: embed(gatedImage) });
});

afterAll(async () => {
  await server?.stop();
});

async function page(path: string, client?: TestClient): Promise<string> {
  const cookie = client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

const ogImage = (html: string) => /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];

async function fetchFile(url: string) {
  const response = await fetch(new URL(url, server.url));
  await response.body?.cancel();
  return response;
}

describe('public media at stable addresses', () => {
  it('names a public post’s cover, body image and the avatar at their stable address, and serves them immutable for a year', async () => {
    const html = await page(`/@${handle}/posts/open`);
    const og = ogImage(html);
    expect(og).toBe(`${new URL(server.url).origin}/media/${cover.id}/public/w1280.webp`);
    expect(html).toContain(`/media/${bodyImage.id}/public/w1280.webp 1280w`);
    expect(html).toMatch(new RegExp(`<img class="byline__avatar" src="/media/${avatar.id}/public/`));
    expect(html).not.toMatch(/\/media\/[0-9a-f-]{36}\/\d+-/);
    const answer = await fetchFile(og!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('still serves the Open Graph image a month on, when any signed link of then would long have expired', async () => {
    const og = ogImage(await page(`/@${handle}/posts/open`))!;
    testClock.advance(30 * DAY_MS);
    expect((await fetchFile(og)).status).toBe(200);
    expect(ogImage(await page(`/@${handle}/posts/open`))).toBe(og);
  });

  it('keeps a members-only post’s gated image on a signed link, refused unsigned, forged, expired or lent to another site', async () => {
    // A member who joins now: the clock has moved on, and sessions with it.
    const member = await signUpVerified(server);
    await insertMembership(db(), { siteId, userId: await userIdOf(db(), member.email), tierId: freeTierId });
    const html = await page(`/@${handle}/posts/for-members`, member.client);
    expect(html).toContain('Only members.');
    const signed = new RegExp(`/media/${gatedImage.id}/(\\d+)-([A-Za-z0-9_-]+)/w1280\\.webp`).exec(html);
    expect(signed).not.toBeNull();
    expect(html).not.toContain(`/media/${gatedImage.id}/public/`);
    expect((await fetchFile(signed![0])).status).toBe(200);

    expect((await fetchFile(`/media/${gatedImage.id}/public/w1280.webp`)).status).toBe(404);
    const forged = signed![0].replace(signed![2]!, 'A'.repeat(signed![2]!.length));
    expect((await fetchFile(forged)).status).toBe(404);
    // Another site's public post embedding it neither shows it nor makes it public.
    expect(await page(`/@${otherHandle}/posts/borrowed`)).not.toContain(gatedImage.id);
    expect((await fetchFile(`/media/${gatedImage.id}/public/original`)).status).toBe(404);

    testClock.advance(30 * DAY_MS);
    expect((await fetchFile(signed![0])).status).toBe(404);
  });

  it('names the published design’s sharing image at its stable address, and keeps a file only the draft names unpublic', async () => {
    const creator = await signUpVerified(server);
    const { site } = await insertSite(db(), await userIdOf(db(), creator.email), { title: 'Designed' });
    const [sharing, draftLogo] = [await image(site.id), await image(site.id)];
    const design = defaultDesign();
    await db()
      .insert(siteDesigns)
      .values({ siteId: site.id, published: { ...design, seo: { ...design.seo, imageId: sharing.id } }, draft: { ...design, logoId: draftLogo.id }, publishedVersion: 1, publishedAt: testClock.clock() });
    const og = ogImage(await page(`/@${site.handle}`));
    expect(og).toBe(`${new URL(server.url).origin}/media/${sharing.id}/public/w1280.webp`);
    expect((await fetchFile(og!)).status).toBe(200);
    expect((await fetchFile(`/media/${draftLogo.id}/public/w1280.webp`)).status).toBe(404);
  });
});
