/**
 * A post an import makes (server/imports/), in the import's own transaction so
 * the post and the record of what made it commit together. Not createPost:
 * that one takes a creator's request (its own transaction, the plan gate, an
 * e-mail choice, an activity line a post), while an import writes hundreds of
 * posts that were published elsewhere long ago and must not be mailed or
 * announced again. The body goes through the same renderer and checks.
 */
import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import { firstFreeSlug, slugify } from '../../common/slugs.ts';
import type { EditorDocument, PostVisibility } from '../../common/posts.ts';
import { posts } from '../../db/content-schema.ts';
import { escapeLike, type Transaction } from '../../db/transaction.ts';
import { renderBody, replaceMediaUses } from './post-body.ts';
import { replacePostTiers } from './post-tiers.ts';

export interface ImportedPost {
  /** Wanted; kept where free on the site, else the first free `-2`, `-3`... */
  slug: string;
  title: string;
  excerpt: string;
  document: EditorDocument;
  status: 'published' | 'draft';
  publishedAt: Date | null;
  /** As the source had them (our own export); else the publication date and the import's time. */
  createdAt?: Date | undefined;
  updatedAt?: Date | undefined;
  visibility: PostVisibility;
  /** For a `tiers` post: the site's own tiers; with none, the post is for every paying member. */
  tierIds: string[];
  coverMediaId: string | null;
}

async function freeSlug(tx: Transaction, siteId: string, wanted: string, title: string): Promise<string> {
  const base = slugify(wanted) || slugify(title) || 'post';
  const rows = await tx
    .select({ slug: posts.slug })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), or(eq(posts.slug, base), ilike(posts.slug, `${escapeLike(base)}-%`))));
  return firstFreeSlug(base, new Set(rows.map((row) => row.slug)));
}

const earliest = (date: Date, now: Date) => (date.getTime() < now.getTime() ? date : now);

/** Writes the post with its media uses and tiers; answers its id and the slug it got. */
export async function writeImportedPost(tx: Transaction, siteId: string, input: ImportedPost, now: Date): Promise<{ id: string; slug: string }> {
  const slug = await freeSlug(tx, siteId, input.slug, input.title);
  // A `tiers` post needs a tier to be published: with none found it is for every paying member instead.
  let visibility: PostVisibility = input.visibility === 'tiers' && input.tierIds.length === 0 ? 'paid' : input.visibility;
  let body = await renderBody(tx, siteId, input.document, visibility, input.coverMediaId);
  if (body.marked && visibility === 'public' && input.status === 'published') {
    // A public post cannot keep a members-only marker live (requireAudienceForMarker): the source meant it for members.
    visibility = 'members';
    body = await renderBody(tx, siteId, input.document, visibility, input.coverMediaId);
  }
  const publishedAt = input.status === 'published' ? (input.publishedAt ?? now) : null;
  const [row] = await tx
    .insert(posts)
    // Never later than now: an undo keeps a post changed after the import (undo-keeps.ts), which a source's clock ahead of ours would fake.
    .values({ siteId, slug, title: input.title, excerpt: input.excerpt, visibility, status: input.status, publishedAt, ...body.columns, createdAt: earliest(input.createdAt ?? publishedAt ?? now, now), updatedAt: earliest(input.updatedAt ?? now, now) })
    .returning({ id: posts.id });
  await replaceMediaUses(tx, row!.id, body.uses);
  await replacePostTiers(tx, siteId, row!.id, visibility, input.status, visibility === 'tiers' ? input.tierIds : undefined);
  return { id: row!.id, slug };
}

/** An import's undo: its posts go, with their media uses, tiers, comments and old addresses (by the tables' cascades). */
export async function deleteImportedPosts(tx: Transaction, siteId: string, postIds: readonly string[]): Promise<number> {
  if (postIds.length === 0) return 0;
  const deleted = await tx
    .delete(posts)
    .where(and(eq(posts.siteId, siteId), inArray(posts.id, [...postIds])))
    .returning({ id: posts.id });
  return deleted.length;
}
