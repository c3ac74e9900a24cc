/**
 * comments.json: every comment under the site's posts, by post slug, with its
 * parent, its author's address (null once the account is gone: "Deleted
 * member"), hidden and pinned. Read a page at a time by id.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { posts } from '../../db/content-schema.ts';
import { comments } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import type { ExportedComment } from './export-format.ts';
import { jsonArray, keysetPages } from './json-pages.ts';

const PAGE = 1000;

export function commentsJson(db: Database, siteId: string, counted: { count: number }): AsyncGenerator<string> {
  const pages = keysetPages(async (after: ExportedComment | undefined): Promise<ExportedComment[]> => {
    const rows = await db
      .select({
        id: comments.id,
        post: posts.slug,
        parent: comments.parentId,
        author: users.email,
        body: comments.body,
        createdAt: comments.createdAt,
        hiddenAt: comments.hiddenAt,
        pinnedAt: comments.pinnedAt,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(and(eq(comments.siteId, siteId), after ? gt(comments.id, after.id) : undefined))
      .orderBy(asc(comments.id))
      .limit(PAGE);
    return rows.map(({ hiddenAt, pinnedAt, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), hidden: hiddenAt !== null, pinned: pinnedAt !== null }));
  });
  return jsonArray(pages, counted);
}
