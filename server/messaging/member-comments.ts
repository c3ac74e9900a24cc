/** A member's comments on the creator's site, newest first, for their page in /subscribers. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { posts } from '../../db/content-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import { findSiteByOwner } from '../sites/index.ts';
import { notFound, type CommentsDeps } from './comments-deps.ts';

export async function memberComments({ db }: Pick<CommentsDeps, 'db'>, ownerId: string, memberId: string) {
  const site = await findSiteByOwner(db, ownerId);
  if (!site) throw notFound();
  return db
    .select({ id: comments.id, text: comments.body, createdAt: comments.createdAt, hidden: sql<boolean>`${comments.hiddenAt} is not null`, postTitle: posts.title, postSlug: posts.slug })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.siteId, site.id), eq(comments.authorId, memberId)))
    .orderBy(desc(comments.createdAt))
    .limit(50);
}
