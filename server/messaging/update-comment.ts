/**
 * The author edits the text for 15 minutes, as long as they may still write there, a few times a minute;
 * the site's owner hides, pins and blocks, on a suspended site too (their studio's clean-up).
 */
import { eq } from 'drizzle-orm';
import { COMMENT_EDIT_WINDOW_MS } from '../../common/messaging.ts';
import { comments } from '../../db/messaging-schema.ts';
import { readerStanding } from '../access/index.ts';
import { AppError } from '../errors.ts';
import { sitePostBySlug } from '../site-content/index.ts';
import { findSiteByHandle } from '../sites/index.ts';
import * as blockList from './blocks.ts';
import { refusalError, refusalOf } from './comment-refusals.ts';
import { notFound, type CommentsDeps } from './comments-deps.ts';
import { ownedComment } from './owned-comment.ts';

export type CommentPatch = { text?: string | undefined; hidden?: boolean | undefined; pinned?: boolean | undefined; blockAuthor?: boolean | undefined };

/**
 * An author's edit is writing again: the post must still be live and open to
 * them, and they must still be let in by the creator's setting, a block or the
 * post's closing, as when they wrote it (issue 27, item 4).
 */
async function refuseEditOf(deps: Pick<CommentsDeps, 'db' | 'clock' | 'livePosts'>, handle: string, slug: string, userId: string): Promise<void> {
  const { db, clock, livePosts } = deps;
  const site = await findSiteByHandle(db, handle);
  const post = site ? await sitePostBySlug(db, site.id, slug, livePosts(clock())) : undefined;
  if (!site || !post?.live) throw notFound();
  const refusal = await refusalOf(deps, site, post, await readerStanding(db, site, userId), userId);
  if (refusal) throw refusalError(refusal);
}

export async function updateComment(deps: Omit<CommentsDeps, 'recordActivity'>, userId: string, commentId: string, patch: CommentPatch) {
  const { db, clock, rateLimiter, limits, siteChanged } = deps;
  const { comment, ownerId, handle, slug, siteSuspended } = await ownedComment(deps, commentId);
  const isAuthor = comment.authorId === userId;
  const isOwner = ownerId === userId;
  if (!isAuthor && !isOwner) throw notFound();
  if (siteSuspended && (!isOwner || patch.text !== undefined)) throw new AppError('site-suspended', isOwner ? 403 : 410);
  const changes: Partial<typeof comments.$inferInsert> = {};
  if (patch.text !== undefined) {
    if (!isAuthor) throw new AppError('forbidden', 403);
    if (clock().getTime() - comment.createdAt.getTime() > COMMENT_EDIT_WINDOW_MS) throw new AppError('edit-window-over', 403, 'text');
    await refuseEditOf(deps, handle, slug, userId);
    if (!isOwner) {
      const wait = await rateLimiter.overLimit(`comment-edit:${userId}`, limits.commentsPerMinute, 60);
      if (wait !== undefined) throw new AppError('too-many-requests', 429, 'text', wait);
    }
    changes.body = patch.text;
    changes.editedAt = clock();
  }
  if (patch.hidden !== undefined || patch.pinned !== undefined || patch.blockAuthor) {
    if (!isOwner) throw new AppError('forbidden', 403);
    if (patch.hidden !== undefined) changes.hiddenAt = patch.hidden ? clock() : null;
    if (patch.pinned !== undefined) changes.pinnedAt = patch.pinned ? clock() : null;
    if (patch.blockAuthor && comment.authorId && comment.authorId !== ownerId) await blockList.block(db, comment.siteId, comment.authorId);
  }
  if (Object.keys(changes).length) await db.update(comments).set(changes).where(eq(comments.id, comment.id));
  await siteChanged(comment.siteId);
  return { handle, slug };
}
