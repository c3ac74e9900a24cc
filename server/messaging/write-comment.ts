/** A reader's comment, or a reply (one level: a reply to a reply joins its thread), a few a minute; a member's is news on Recent Activity. */
import { and, eq } from 'drizzle-orm';
import { comments } from '../../db/messaging-schema.ts';
import { AppError } from '../errors.ts';
import { refusalError, refusalOf } from './comment-refusals.ts';
import { notFound, type CommentsDeps } from './comments-deps.ts';
import { readablePost } from './readable-post.ts';

export async function writeComment(deps: CommentsDeps, handle: string, slug: string, userId: string, input: { text: string; parentId?: string | undefined }) {
  const { db, clock, rateLimiter, limits, siteChanged, recordActivity } = deps;
  const { site, post, standing } = await readablePost(deps, handle, slug, userId);
  const refusal = await refusalOf(deps, site, post, standing, userId);
  if (refusal) throw refusalError(refusal);
  if (input.parentId) {
    const [parent] = await db.select({ parentId: comments.parentId }).from(comments).where(and(eq(comments.id, input.parentId), eq(comments.postId, post.id))).limit(1);
    // One level of replies: a reply to a reply joins its thread.
    if (!parent) throw notFound();
    if (parent.parentId) input = { ...input, parentId: parent.parentId };
  }
  if (!standing.isOwner) {
    const wait = await rateLimiter.overLimit(`comment:${userId}`, limits.commentsPerMinute, 60);
    if (wait !== undefined) throw new AppError('too-many-comments', 429, 'text', wait);
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ postId: post.id, siteId: site.id, authorId: userId, parentId: input.parentId ?? null, body: input.text, createdAt: clock() })
      .returning({ id: comments.id });
    // A member's comment is news on the creator's Recent Activity; the creator's own is not.
    if (!standing.isOwner) await recordActivity(tx, { siteId: site.id, type: 'commented', userId, postId: post.id, occurredAt: clock() });
    return row;
  });
  await siteChanged(site.id);
  return { id: created!.id, handle: site.handle, slug: post.slug };
}
