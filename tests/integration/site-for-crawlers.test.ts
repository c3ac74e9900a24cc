/**
 * The site as a browser tab and a crawler see it (issue 15, item 8), over real
 * HTTP: the site's avatar is the icon of each of its pages (the platform's
 * without one), `/robots.txt` names the sitemap and keeps crawlers out of the
 * API and the studio, and HTML, XML and JSON answers are compressed as the
 * client's Accept-Encoding asks, byte for byte the same once decoded, while
 * byte ranges of media are sent as they are.
 */
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/content-schema.ts';
import { mediaPrefix } from '../../server/media/media-service.ts';
import { signUpVerified } from '../support/accounts.ts';
import type { TestClient } from '../support/http-client.ts';
import { embed, insertMedia, insertPost, insertSite, linkMedia, userIdOf } from '../support/site-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const ICON_BYTES = Buffer.alloc(900, 7);
const TEXT_FILE = Buffer.from(`<?xml version="1.0"?><tides>${'<tide at="06:12" metres="4.1"/>'.repeat(200)}</tides>`);

let server: TestServer;
let owner: { client: TestClient; email: string };
let site: Awaited<ReturnType<typeof insertSite>>['site'];
let plainSite: Awaited<ReturnType<typeof insertSite>>['site'];
let avatar: Awaited<ReturnType<typeof insertMedia>>;
let textFile: Awaited<ReturnType<typeof insertMedia>>;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server);
  const ownerId = await userIdOf(db(), owner.email);
  site = (await insertSite(db(), ownerId, { about: 'A long about text. '.repeat(40) })).site;
  avatar = await insertMedia(db(), site.id, 'image');
  await server.services.media.storage.put(`${mediaPrefix(site.id, avatar.id)}w320.webp`, Readable.from(ICON_BYTES), ICON_BYTES.length);
  await db().update(sites).set({ avatarMediaId: avatar.id }).where(eq(sites.id, site.id));
  textFile = await insertMedia(db(), site.id, 'file', { type: 'application/xml', bytes: TEXT_FILE.length });
  await server.services.media.storage.put(`${mediaPrefix(site.id, textFile.id)}original`, Readable.from(TEXT_FILE), TEXT_FILE.length);
  for (let index = 0; index < 12; index += 1) {
    await insertPost(db(), site.id, { slug: `notes-${index}`, title: `Harbour notes ${index}`, excerpt: 'What the tide left on the slipway this week.', previewHtml: '<p>Notes.</p>' });
  }
  const tables = await insertPost(db(), site.id, { slug: 'tables', title: 'Tide tables', previewHtml: embed(textFile) });
  await linkMedia(db(), tables.id, textFile.id, 'preview');
  const other = await signUpVerified(server);
  plainSite = (await insertSite(db(), await userIdOf(db(), other.email))).site;
  await insertPost(db(), plainSite.id, { slug: 'hello', title: 'Hello' });
});

afterAll(async () => {
  await server?.stop();
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as sent, its body as received: no client decoding in between. */
function raw(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(path, server.url), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const iconOf = (html: string) => /<link rel="icon" href="([^"]+)" type="([^"]+)">/.exec(html);

describe('the site’s icon', () => {
  it('is the avatar’s small image variant on the home, post and join pages, and it loads', async () => {
    for (const path of [`/@${site.handle}`, `/@${site.handle}/posts/notes-1`, `/@${site.handle}/join`]) {
      const page = await fetch(new URL(path, server.url));
      expect(page.status).toBe(200);
      const icon = iconOf(await page.text());
      expect(icon, path).not.toBeNull();
      expect(icon![1]).toMatch(new RegExp(`^/media/${avatar.id}/[^/]+/w320\\.webp$`));
      expect(icon![2]).toBe('image/webp');
      const image = await fetch(new URL(icon![1]!.replaceAll('&amp;', '&'), server.url));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await image.arrayBuffer())).toEqual(ICON_BYTES);
    }
  });

  it('is the site’s initial on its colour, never the platform’s, on a site without an avatar (docs/decisions/142)', async () => {
    const page = await fetch(new URL(`/@${plainSite.handle}/posts/hello`, server.url));
    const [, href, type] = iconOf(await page.text())!;
    expect(type).toBe('image/svg+xml');
    expect(href).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent(href!.replaceAll('&amp;', '&').slice('data:image/svg+xml,'.length));
    expect(svg).toContain(`fill="${plainSite.brandColor}"`);
    expect(svg).toContain(`>${Array.from(plainSite.title)[0]!.toUpperCase()}</text>`);
  });
});

describe('/robots.txt', () => {
  it('names the sitemap and keeps crawlers out of the API and the studio, not the sites', async () => {
    const robots = await fetch(new URL('/robots.txt', server.url));
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await robots.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    for (const path of ['/api/', '/dashboard', '/upload', '/subscribers', '/settings', '/onboarding', '/preview-page']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.filter((line) => line.startsWith('Disallow: /@'))).toEqual([]);
    expect(lines).not.toContain('Disallow: /');
  });
});

describe('compression', () => {
  const answers = () => [
    { kind: 'HTML page', path: `/@${site.handle}`, headers: {} as Record<string, string>, type: 'text/html' },
    { kind: 'RSS', path: `/@${site.handle}/rss.xml`, headers: {}, type: 'application/rss+xml' },
    { kind: 'sitemap page', path: '/sitemaps/posts-1.xml', headers: {}, type: 'application/xml' },
    { kind: 'JSON', path: '/api/posts', headers: { cookie: [...owner.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }, type: 'application/json' },
  ];

  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ])('sends every HTML, XML and JSON answer as %s when the client accepts it, the same bytes once decoded', async (encoding, accept, decode) => {
    for (const { kind, path, headers, type } of answers()) {
      const plain = await raw(path, { ...headers, 'accept-encoding': 'identity' });
      expect(plain.status, kind).toBe(200);
      expect(plain.headers['content-type'], kind).toContain(type);
      expect(plain.headers['content-encoding'], kind).toBeUndefined();
      expect(plain.body.length, `${kind} is worth compressing`).toBeGreaterThan(1024);
      const packed = await raw(path, { ...headers, 'accept-encoding': accept });
      expect(packed.status, kind).toBe(200);
      expect(packed.headers['content-encoding'], kind).toBe(encoding);
      expect(String(packed.headers.vary), kind).toMatch(/Accept-Encoding/i);
      expect(packed.body.length, kind).toBeLessThan(plain.body.length);
      expect(decode(packed.body).toString('utf8'), kind).toBe(plain.body.toString('utf8'));
    }
  });

  it('sends a compressible media file (XML) and its byte ranges as they are', async () => {
    const path = `/media/${textFile.id}/public/original`;
    const ranged = await raw(path, { 'accept-encoding': 'br, gzip', range: 'bytes=10-2009' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.headers['content-range']).toBe(`bytes 10-2009/${TEXT_FILE.length}`);
    expect(ranged.body).toEqual(TEXT_FILE.subarray(10, 2010));
    const whole = await raw(path, { 'accept-encoding': 'br, gzip' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(TEXT_FILE.length));
    expect(whole.body).toEqual(TEXT_FILE);
  });
});
