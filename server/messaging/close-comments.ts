/** The creator turns comments off or on for one post of theirs, named by id (the API) or by its slug (the post page's form). */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../common/post-schemas.ts';
import { posts } from '../../db/content-schema.ts';
import { closedCommentPosts } from '../../db/messaging-schema.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { notFound, type CommentsDeps } from './comments-deps.ts';

export async function setCommentsClosed({ db, siteChanged }: Pick<CommentsDeps, 'db' | 'siteChanged'>, ownerId: string, post: { id: string } | { slug: string }, closed: boolean) {
  const site = await findSiteByOwner(db, ownerId);
  if (!site || ('id' in post && !isUuid(post.id))) throw notFound();
  const [found] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and('id' in post ? eq(posts.id, post.id) : eq(posts.slug, post.slug), eq(posts.siteId, site.id)))
    .limit(1);
  if (!found) throw notFound();
  const postId = found.id;
  if (closed) await db.insert(closedCommentPosts).values({ postId }).onConflictDoNothing();
  else await db.delete(closedCommentPosts).where(eq(closedCommentPosts.postId, postId));
  await siteChanged(site.id);
}
