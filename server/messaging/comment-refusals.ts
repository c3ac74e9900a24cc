/**
 * Who may write under a post: the creator's `commentsFrom` setting read
 * through the one access rule (audience.ts), minus blocked members, on a post
 * whose comments are open, and how a refusal is told.
 */
import { eq } from 'drizzle-orm';
import { closedCommentPosts } from '../../db/messaging-schema.ts';
import { postAccess, type ReaderStanding } from '../access/index.ts';
import { AppError } from '../errors.ts';
import type { PostRow } from '../site-content/index.ts';
import type { Site } from '../sites/index.ts';
import { refusalFor, type Refusal } from './audience.ts';
import * as blockList from './blocks.ts';
import type { CommentsDeps } from './comments-deps.ts';

/** Why this reader may not comment (undefined: they may): the site setting, a block, their membership, or the post closed. */
export type CommentRefusal = Exclude<Refusal, 'owner'> | 'closed' | 'signed-out';

/** A refusal to write, as the commenter is told it: a block reads as comments closed, as the site setting and a closed post do. */
export function refusalError(refusal: CommentRefusal): AppError {
  return refusal === 'off' || refusal === 'blocked' || refusal === 'closed' ? new AppError('comments-closed', 403) : new AppError('forbidden', 403);
}

export async function isClosed({ db }: Pick<CommentsDeps, 'db'>, postId: string): Promise<boolean> {
  const [row] = await db.select({ postId: closedCommentPosts.postId }).from(closedCommentPosts).where(eq(closedCommentPosts.postId, postId)).limit(1);
  return row !== undefined;
}

/** Who the reader is to the post, and whether they may write under it. */
export async function refusalOf(deps: Pick<CommentsDeps, 'db' | 'clock'>, site: Site, post: PostRow, standing: ReaderStanding, userId: string | undefined): Promise<CommentRefusal | undefined> {
  const { db, clock } = deps;
  if (await isClosed(deps, post.id)) return 'closed';
  if (!userId) return 'signed-out';
  if (standing.isOwner) return undefined;
  if (postAccess(post, standing, clock()) !== 'whole') return 'not-member';
  const refusal = refusalFor(site.commentsFrom, standing, await blockList.isBlocked(db, site.id, userId), clock());
  return refusal === 'owner' ? undefined : refusal;
}
