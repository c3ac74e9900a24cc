/** A comment with what decides who may change it: its site's owner, the post it is under and whether the site is suspended. */
import { eq } from 'drizzle-orm';
import { isUuid } from '../../common/post-schemas.ts';
import { posts, sites } from '../../db/content-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import { siteIsSuspendedColumn } from '../site-standing/index.ts';
import { notFound, type CommentsDeps } from './comments-deps.ts';

export async function ownedComment({ db }: Pick<CommentsDeps, 'db'>, commentId: string) {
  if (!isUuid(commentId)) throw notFound();
  const [row] = await db
    .select({ comment: comments, ownerId: sites.ownerId, handle: sites.handle, slug: posts.slug, siteSuspended: siteIsSuspendedColumn(comments.siteId) })
    .from(comments)
    .innerJoin(sites, eq(sites.id, comments.siteId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
