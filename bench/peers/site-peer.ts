/**
 * Reference peer of the public-site rows: a bare Express 5 app that runs the
 * same queries as the product's `/@{handle}` and post pages (the session for a
 * cookie, the site, its posts or the post and the reader's standing, the
 * media) through the same driver, and writes the same HTML with the same
 * template-string functions, but with no session middleware, no security or
 * cache headers, no maintenance check and no page-view counting.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import path from 'node:path';
import express from 'express';
import { connectDatabase } from '../../db/connect.ts';
import { sessions, settings } from '../../db/schema.ts';
import { postAccess } from '../../server/access/post-access.ts';
import { readerStanding } from '../../server/access/reader-standing.ts';
import { createMediaUrlSigner } from '../../server/media-urls/media-urls.ts';
import { homeHead, homeMain } from '../../server/rendering/home-page.ts';
import { BODY_MEDIA_TTL_MS, PUBLIC_IMAGE_TTL_MS } from '../../server/rendering/media-links.ts';
import { embeddedMediaIds } from '../../server/rendering/media-html.ts';
import { createLivePosts } from '../../server/posts/live.ts';
import { renderShell } from '../../server/rendering/page-shell.ts';
import { siteIcon } from '../../server/rendering/site-icon.ts';
import { postHead, postMain, readableHtml } from '../../server/rendering/post-page.ts';
import { siteReaderOf } from '../../server/rendering/site-bar.ts';
import { readSiteAssets } from '../../server/public-site/read-site-assets.ts';
import { liveSitePosts, siteMediaByIds, sitePostBySlug } from '../../server/site-content/index.ts';
import { findSiteByHandle } from '../../server/sites/site-lookup.ts';

const { db } = await connectDatabase({ url: process.env.DATABASE_URL! });
const appUrl = new URL(process.env.APP_URL!);
const [row] = await db.select({ secret: settings.mediaUrlSecret }).from(settings);
const signer = createMediaUrlSigner({ secret: row!.secret, clock: () => new Date() });
// The same stylesheet link the product writes, from the same build.
const assets = readSiteAssets(path.resolve('dist/client'));
// The bench runs the product without Stripe, so its plan holds nothing: the same live rule.
const livePosts = createLivePosts(() => undefined);

async function readerId(cookie: string | undefined): Promise<string | undefined> {
  const token = /session=([a-z2-7]{32})/.exec(cookie ?? '')?.[1];
  if (!token) return undefined;
  const [session] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, encodeHexLowerCase(sha256(new TextEncoder().encode(token)))));
  return session?.userId;
}

const app = express();

app.get('/@:handle', async (req, res) => {
  const userId = await readerId(req.headers.cookie);
  const site = await findSiteByHandle(db, req.params.handle);
  if (!site?.publishedAt) return res.status(404).send('Not found');
  const ids = [site.bannerMediaId, site.avatarMediaId].filter((id): id is string => id !== null);
  const [{ posts, hasOlder }, images, standing] = await Promise.all([liveSitePosts(db, site.id, livePosts(new Date()), 1), siteMediaByIds(db, site.id, ids), readerStanding(db, site, userId)]);
  const reader = siteReaderOf(userId, standing, new Date());
  const image = (id: string | null) => {
    const item = id ? images.get(id) : undefined;
    return item ? { item, prefix: signer.prefix(item.id, PUBLIC_IMAGE_TTL_MS) } : undefined;
  };
  const banner = image(site.bannerMediaId);
  const avatar = image(site.avatarMediaId);
  const input = { site, reader, ...(banner ? { banner } : {}), ...(avatar ? { avatar } : {}), posts, page: 1, hasOlder, appUrl };
  res.send(renderShell({ head: homeHead(input), site, main: homeMain(input), assets, reader, icon: siteIcon(avatar) }).html);
});

app.get('/@:handle/posts/:slug', async (req, res) => {
  const userId = await readerId(req.headers.cookie);
  const site = await findSiteByHandle(db, req.params.handle);
  if (!site?.publishedAt) return res.status(404).send('Not found');
  const [post, standing] = await Promise.all([sitePostBySlug(db, site.id, req.params.slug, livePosts(new Date())), readerStanding(db, site, userId)]);
  if (!post) return res.status(404).send('Not found');
  const access = postAccess(post, standing, new Date());
  const siteImageIds = [post.coverMediaId, site.avatarMediaId].filter((id): id is string => id !== null);
  const media = await siteMediaByIds(db, site.id, [...embeddedMediaIds(readableHtml(post, access)), ...siteImageIds]);
  const image = (id: string | null) => {
    const item = id ? media.get(id) : undefined;
    return item ? { item, prefix: signer.prefix(item.id, PUBLIC_IMAGE_TTL_MS) } : undefined;
  };
  const cover = image(post.coverMediaId);
  const reader = siteReaderOf(userId, standing, new Date());
  const input = { site, post, access, reader, ...(cover ? { cover } : {}), media, prefixOf: (id: string) => signer.prefix(id, BODY_MEDIA_TTL_MS), appUrl };
  res.send(renderShell({ head: postHead(input), site, main: postMain(input), assets, reader, icon: siteIcon(image(site.avatarMediaId)) }).html);
});

app.get('/', (_req, res) => {
  res.send('ok');
});
app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
