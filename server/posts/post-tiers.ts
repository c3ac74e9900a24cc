/** The tiers a `tiers` post is for (post_tiers): read for the list and the editor, replaced by a write. */
import { and, eq, inArray } from 'drizzle-orm';
import type { PostStatus, PostVisibility } from '../../common/posts.ts';
import type { Database } from '../../db/connect.ts';
import { tiers } from '../../db/content-schema.ts';
import { postTiers } from '../../db/money-schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { badRequest } from '../errors.ts';
import type { PostTier } from './post-summary.ts';

/** The tiers of each post, by name: for the list and the editor. */
export async function tiersOfPosts(db: Database, postIds: string[]): Promise<Map<string, PostTier[]>> {
  const byPost = new Map<string, PostTier[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: postTiers.postId, id: tiers.id, name: tiers.name })
    .from(postTiers)
    .innerJoin(tiers, eq(tiers.id, postTiers.tierId))
    .where(inArray(postTiers.postId, postIds))
    .orderBy(tiers.position, tiers.createdAt);
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), { id: row.id, name: row.name }]);
  return byPost;
}

/**
 * Keeps post_tiers for a `tiers` post and none for any other. The tiers must
 * be the site's own (archived ones too: a post may stay with a tier that no
 * longer takes new members); a published `tiers` post needs at least one.
 */
export async function replacePostTiers(tx: Transaction, siteId: string, postId: string, visibility: PostVisibility, status: PostStatus, tierIds: string[] | undefined) {
  if (visibility !== 'tiers') {
    await tx.delete(postTiers).where(eq(postTiers.postId, postId));
    return;
  }
  if (tierIds !== undefined) {
    const wanted = [...new Set(tierIds.map((id) => id.toLowerCase()))];
    const own = wanted.length === 0 ? [] : await tx.select({ id: tiers.id }).from(tiers).where(and(eq(tiers.siteId, siteId), inArray(tiers.id, wanted)));
    if (own.length !== wanted.length) throw badRequest('invalid-input', 'tierIds');
    await tx.delete(postTiers).where(eq(postTiers.postId, postId));
    if (wanted.length > 0) await tx.insert(postTiers).values(wanted.map((tierId) => ({ postId, tierId })));
  }
  if (status !== 'draft') {
    const [chosen] = await tx.select({ tierId: postTiers.tierId }).from(postTiers).where(eq(postTiers.postId, postId)).limit(1);
    if (!chosen) throw badRequest('invalid-input', 'tierIds');
  }
}
