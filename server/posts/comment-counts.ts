/**
 * The comments readers see under each of some posts: one grouped count for a
 * page of the studio's posts list. It reads messaging's `comments` table from
 * here, as the list reads `tiers` and `media`: messaging imports posts (which
 * posts are live), so posts may not import messaging (docs/decisions/136).
 */
import { and, count, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { comments } from '../../db/messaging-schema.ts';

export async function countComments(db: Database, postIds: readonly string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ postId: comments.postId, total: count() })
    .from(comments)
    .where(and(inArray(comments.postId, [...postIds]), isNull(comments.hiddenAt)))
    .groupBy(comments.postId);
  return new Map(rows.map((row) => [row.postId, row.total]));
}
