/**
 * Sites, tiers, media, posts and products written straight into a test's
 * database, as the studio would leave them: a published site with its free
 * tier, ready media with derived files, posts with their sanitised preview and
 * gated HTML and the post_media rows the posts service keeps beside them.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { MediaDerived, MediaKind } from '../../common/media.ts';
import type { PostStatus, PostVisibility } from '../../common/posts.ts';
import type { Database } from '../../db/connect.ts';
import { media, memberships, postMedia, posts, sites, tiers } from '../../db/content-schema.ts';
import { productFiles, products } from '../../db/earn-schema.ts';
import { users } from '../../db/schema.ts';
import { buildNewUser } from '../../server/auth/new-user.ts';

export async function userIdOf(db: Database, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  return user.id;
}

let handleCounter = 0;
export function uniqueHandle(label = 'site'): string {
  handleCounter += 1;
  return `${label}-${process.pid}-${handleCounter}`.slice(0, 30);
}

export async function insertSite(db: Database, ownerId: string, values: Partial<typeof sites.$inferInsert> = {}) {
  const [site] = await db
    .insert(sites)
    .values({ ownerId, handle: uniqueHandle(), title: 'Harbour Sounds', tagline: 'Field recordings from the coast', publishedAt: new Date(), ...values })
    .returning();
  const [freeTier] = await db.insert(tiers).values({ siteId: site!.id, name: 'Free', type: 'free', description: 'Every members post', benefits: ['Members posts'] }).returning();
  return { site: site!, freeTier: freeTier! };
}

/** A published site with its free tier, owned by a verified creator made here with no password (the join and sign-in tests' site). */
export async function insertSiteWithOwner(db: Database, values: Partial<typeof sites.$inferInsert> = {}) {
  const [owner] = await db
    .insert(users)
    .values(buildNewUser({ email: `owner.${randomUUID()}@example.com`, fullName: 'Olive Owner', niche: 'music', passwordHash: null, emailVerified: true, now: new Date() }))
    .returning();
  return insertSite(db, owner!.id, values);
}

const IMAGE_DERIVED: MediaDerived = {
  width: 1600,
  height: 900,
  images: [
    { width: 320, height: 180, file: 'w320.webp' },
    { width: 640, height: 360, file: 'w640.webp' },
    { width: 1280, height: 720, file: 'w1280.webp' },
  ],
  thumbnail: 'thumb.webp',
};

const DERIVED_BY_KIND: Record<MediaKind, MediaDerived> = {
  image: IMAGE_DERIVED,
  video: { width: 1280, height: 720, durationSeconds: 12, hls: { playlist: 'hls/master.m3u8', heights: [360, 720] }, poster: 'poster.webp', thumbnail: 'thumb.webp' },
  audio: { durationSeconds: 95, audio: 'audio.m4a' },
  file: {},
};

export async function insertMedia(db: Database, siteId: string, kind: MediaKind, values: Partial<typeof media.$inferInsert> = {}) {
  const id = randomUUID();
  const [row] = await db
    .insert(media)
    .values({
      id,
      siteId,
      kind,
      originalName: `${kind}-${id.slice(0, 8)}.bin`,
      type: kind === 'file' ? 'application/pdf' : `${kind}/x-test`,
      bytes: 123_456,
      status: 'ready',
      storageKey: `media/${siteId}/${id}/original`,
      derived: DERIVED_BY_KIND[kind],
      ...values,
    })
    .returning();
  return row!;
}

export function embed(item: { id: string; kind: MediaKind }, caption = ''): string {
  return `<figure data-media-id="${item.id}" data-media-kind="${item.kind}">${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

export interface PostValues {
  title?: string;
  slug?: string;
  excerpt?: string;
  previewHtml?: string;
  gatedHtml?: string;
  visibility?: PostVisibility;
  status?: PostStatus;
  publishedAt?: Date | null;
  coverMediaId?: string | null;
}

let slugCounter = 0;
export async function insertPost(db: Database, siteId: string, values: PostValues = {}) {
  slugCounter += 1;
  const [post] = await db
    .insert(posts)
    .values({
      siteId,
      slug: values.slug ?? `post-${slugCounter}`,
      title: values.title ?? `Post ${slugCounter}`,
      excerpt: values.excerpt ?? '',
      body: { type: 'doc', content: [] },
      previewHtml: values.previewHtml ?? '<p>Hello readers.</p>',
      gatedHtml: values.gatedHtml ?? '',
      visibility: values.visibility ?? 'public',
      status: values.status ?? 'published',
      publishedAt: values.publishedAt === undefined ? new Date(Date.now() - 60_000) : values.publishedAt,
      coverMediaId: values.coverMediaId ?? null,
    })
    .returning();
  await recordMediaUses(db, post!);
  return post!;
}

const EMBEDDED_ID = /data-media-id="([0-9a-f-]{36})"/g;

/**
 * Where the post uses media, as server/posts/post-body.ts records it on every save: the public
 * rule serves a post's cover and public part at their stable URLs only through these rows.
 * Ids of no media (a test's made-up embed) are left out, as the posts service refuses them.
 */
async function recordMediaUses(db: Database, post: typeof posts.$inferSelect) {
  const embedded = (html: string) => [...html.matchAll(EMBEDDED_ID)].map((match) => match[1]!);
  const uses = [
    ...(post.coverMediaId ? [{ mediaId: post.coverMediaId, place: 'cover' as const }] : []),
    ...embedded(post.previewHtml).map((mediaId) => ({ mediaId, place: 'preview' as const })),
    ...embedded(post.gatedHtml).map((mediaId) => ({ mediaId, place: 'gated' as const })),
  ];
  if (uses.length === 0) return;
  const known = new Set((await db.select({ id: media.id }).from(media).where(inArray(media.id, uses.map((use) => use.mediaId)))).map((row) => row.id));
  const rows = uses.filter((use) => known.has(use.mediaId)).map((use) => ({ postId: post.id, ...use }));
  if (rows.length > 0) await db.insert(postMedia).values(rows).onConflictDoNothing();
}

/** The post_media rows the posts service keeps beside a post (insertPost writes those of its HTML and cover already). */
export async function linkMedia(db: Database, postId: string, mediaId: string, place: 'cover' | 'preview' | 'gated') {
  await db.insert(postMedia).values({ postId, mediaId, place }).onConflictDoNothing();
}

export async function insertTier(db: Database, siteId: string, values: Partial<typeof tiers.$inferInsert> = {}) {
  const [tier] = await db
    .insert(tiers)
    .values({ siteId, name: 'Supporter', type: 'paid', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', ...values })
    .returning();
  return tier!;
}

/** An active product of one ready PDF of the site's library, on sale for $12 unless told otherwise. */
export async function insertProduct(db: Database, siteId: string, values: Partial<typeof products.$inferInsert> = {}) {
  const pdf = await insertMedia(db, siteId, 'file');
  const [product] = await db
    .insert(products)
    .values({ siteId, title: 'The guide', slug: `guide-${randomUUID().slice(0, 8)}`, price: 1200, currency: 'usd', ...values })
    .returning();
  await db.insert(productFiles).values({ productId: product!.id, mediaId: pdf.id });
  return product!;
}

/** A membership as joining, Stripe's webhooks or a comp would leave it. */
export async function insertMembership(db: Database, values: { siteId: string; userId: string; tierId: string } & Partial<typeof memberships.$inferInsert>) {
  const [membership] = await db
    .insert(memberships)
    .values({ status: 'active', source: 'free', ...values })
    .returning();
  return membership!;
}
