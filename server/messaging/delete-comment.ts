/** The author or the site's owner deletes a comment; on a suspended site only the owner (their studio's clean-up). */
import { eq } from 'drizzle-orm';
import { comments } from '../../db/messaging-schema.ts';
import { AppError } from '../errors.ts';
import { notFound, type CommentsDeps } from './comments-deps.ts';
import { ownedComment } from './owned-comment.ts';

export async function deleteComment(deps: Pick<CommentsDeps, 'db' | 'siteChanged'>, userId: string, commentId: string) {
  const { comment, ownerId, handle, slug, siteSuspended } = await ownedComment(deps, commentId);
  if (comment.authorId !== userId && ownerId !== userId) throw notFound();
  if (siteSuspended && ownerId !== userId) throw new AppError('site-suspended', 410);
  await deps.db.delete(comments).where(eq(comments.id, comment.id));
  await deps.siteChanged(comment.siteId);
  return { handle, slug };
}
