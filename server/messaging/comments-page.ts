/** One page of a post's comments: top-level ones, pinned first, with their replies; hidden ones only for the creator. */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DELETED_MEMBER_NAME } from '../../common/messaging.ts';
import { comments } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import type { Site } from '../sites/index.ts';
import { isClosed } from './comment-refusals.ts';
import type { CommentsDeps } from './comments-deps.ts';

/** Top-level comments per page; their replies come with them. A post with hundreds stays a quick page. */
export const COMMENTS_PER_PAGE = 50;

export interface CommentView {
  id: string;
  parentId: string | null;
  authorId: string | null;
  authorName: string;
  byCreator: boolean;
  text: string;
  createdAt: Date;
  editedAt: Date | null;
  hidden: boolean;
  pinned: boolean;
  replies: CommentView[];
}

export interface CommentsPage {
  comments: CommentView[];
  /** Visible comments and replies on the post. */
  total: number;
  page: number;
  hasMore: boolean;
  closed: boolean;
}

export async function commentsPage(deps: Pick<CommentsDeps, 'db'>, site: Site, postId: string, pageNumber: number, viewerIsOwner: boolean): Promise<CommentsPage> {
  const { db } = deps;
  const visible = viewerIsOwner ? undefined : isNull(comments.hiddenAt);
  const columns = {
    id: comments.id,
    parentId: comments.parentId,
    authorId: comments.authorId,
    authorName: users.fullName,
    body: comments.body,
    createdAt: comments.createdAt,
    editedAt: comments.editedAt,
    hiddenAt: comments.hiddenAt,
    pinnedAt: comments.pinnedAt,
  };
  const [tops, [totals], closed] = await Promise.all([
    db
      .select(columns)
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(and(eq(comments.postId, postId), isNull(comments.parentId), visible))
      // Pinned first, then in the order they were written.
      .orderBy(sql`${comments.pinnedAt} is null`, desc(comments.pinnedAt), asc(comments.createdAt), asc(comments.id))
      .limit(COMMENTS_PER_PAGE + 1)
      .offset((pageNumber - 1) * COMMENTS_PER_PAGE),
    db.select({ total: count() }).from(comments).where(and(eq(comments.postId, postId), isNull(comments.hiddenAt))),
    isClosed(deps, postId),
  ]);
  const shown = tops.slice(0, COMMENTS_PER_PAGE);
  const replies = shown.length
    ? await db
        .select(columns)
        .from(comments)
        .leftJoin(users, eq(users.id, comments.authorId))
        .where(and(inArray(comments.parentId, shown.map((row) => row.id)), visible))
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];
  const view = (row: (typeof tops)[number]): CommentView => ({
    id: row.id,
    parentId: row.parentId,
    authorId: row.authorId,
    authorName: row.authorId === site.ownerId ? site.title : (row.authorName === null ? DELETED_MEMBER_NAME : row.authorName || 'A member'),
    byCreator: row.authorId === site.ownerId,
    text: row.body,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    hidden: row.hiddenAt !== null,
    pinned: row.pinnedAt !== null,
    replies: [],
  });
  const byId = new Map(shown.map((row) => [row.id, view(row)]));
  for (const reply of replies) byId.get(reply.parentId!)?.replies.push(view(reply));
  return { comments: [...byId.values()], total: totals?.total ?? 0, page: pageNumber, hasMore: tops.length > COMMENTS_PER_PAGE, closed };
}
