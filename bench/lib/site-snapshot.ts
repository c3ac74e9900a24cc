/**
 * What a round trip compares of one instance's site, read from that
 * instance's own database: the counts (issue 30 "Round trip"), and a label for
 * every id its pages may show (the site, its tiers, posts, media, comments,
 * offers and products), so that pages of two instances, whose ids necessarily
 * differ, can be compared by what the ids stand for.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { media, memberships, posts, tiers } from '../../db/content-schema.ts';
import { offers, products } from '../../db/earn-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import { postRedirects } from '../../db/move-schema.ts';

export interface SiteCounts {
  posts: number;
  publishedPosts: number;
  /** Ready to serve: an item whose processing failed on one side is a difference. */
  media: number;
  members: number;
  /** As the reports count them (server/reports/roll-up.ts): billed by a live Stripe subscription on a paid tier. */
  payingMembers: number;
  compedMembers: number;
  tiers: number;
  comments: number;
  offers: number;
  products: number;
  redirects: number;
}

export async function countSite(db: Database, siteId: string): Promise<SiteCounts> {
  const paidTiers = db.select({ id: tiers.id }).from(tiers).where(and(eq(tiers.siteId, siteId), eq(tiers.type, 'paid')));
  const [postCount, publishedPosts, mediaCount, members, payingMembers, compedMembers, tierCount, commentCount, offerCount, productCount, redirects] = await Promise.all([
    db.$count(posts, eq(posts.siteId, siteId)),
    db.$count(posts, and(eq(posts.siteId, siteId), eq(posts.status, 'published'))),
    db.$count(media, and(eq(media.siteId, siteId), eq(media.status, 'ready'))),
    db.$count(memberships, eq(memberships.siteId, siteId)),
    db.$count(
      memberships,
      and(eq(memberships.siteId, siteId), eq(memberships.source, 'stripe'), inArray(memberships.status, ['active', 'trialing', 'past_due']), inArray(memberships.tierId, paidTiers)),
    ),
    db.$count(memberships, and(eq(memberships.siteId, siteId), eq(memberships.status, 'comped'))),
    db.$count(tiers, eq(tiers.siteId, siteId)),
    db.$count(comments, eq(comments.siteId, siteId)),
    db.$count(offers, eq(offers.siteId, siteId)),
    db.$count(products, eq(products.siteId, siteId)),
    db.$count(postRedirects, eq(postRedirects.siteId, siteId)),
  ]);
  return {
    posts: postCount,
    publishedPosts,
    media: mediaCount,
    members,
    payingMembers,
    compedMembers,
    tiers: tierCount,
    comments: commentCount,
    offers: offerCount,
    products: productCount,
    redirects,
  };
}

/** Each id of the site's things by what it stands for: `tier:Gold`, `post:post-12`, `media:cover-1.jpg`, ... */
export async function idLabels(db: Database, siteId: string): Promise<Map<string, string>> {
  const labels = new Map<string, string>([[siteId, 'site']]);
  const add = (rows: { id: string; label: string }[], kind: string) => {
    for (const row of rows) labels.set(row.id, `${kind}:${row.label}`);
  };
  add(await db.select({ id: tiers.id, label: tiers.name }).from(tiers).where(eq(tiers.siteId, siteId)), 'tier');
  add(await db.select({ id: posts.id, label: posts.slug }).from(posts).where(eq(posts.siteId, siteId)), 'post');
  add(await db.select({ id: media.id, label: media.originalName }).from(media).where(eq(media.siteId, siteId)), 'media');
  add(await db.select({ id: offers.id, label: offers.code }).from(offers).where(eq(offers.siteId, siteId)), 'offer');
  add(await db.select({ id: products.id, label: products.slug }).from(products).where(eq(products.siteId, siteId)), 'product');
  const commentRows = await db
    .select({ id: comments.id, slug: posts.slug, createdAt: comments.createdAt })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.siteId, siteId))
    .orderBy(asc(comments.createdAt));
  add(commentRows.map((row) => ({ id: row.id, label: `${row.slug}@${row.createdAt.toISOString()}` })), 'comment');
  return labels;
}

/** Waits until the site's media library has nothing left uploading or processing (an import queues each file's processing). */
export async function mediaSettled(db: Database, siteId: string, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const busy = await db.$count(media, and(eq(media.siteId, siteId), inArray(media.status, ['uploading', 'processing'])));
    if (busy === 0) return;
    if (Date.now() > until) throw new Error(`${busy} media items of site ${siteId} still processing after ${deadlineMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
