/**
 * Comments under posts (DESIGN.md "Release 3" > "Messages and comments";
 * docs/decisions/097). Who may read them is who may read the post whole (the
 * one access rule); who may write is the creator's `commentsFrom` setting
 * read through the same rule (audience.ts), minus blocked members, on a post
 * whose comments are open. One level of replies; an author edits for 15
 * minutes and deletes their own; the creator hides, pins, deletes and blocks.
 * Every change tells siteChanged, so the anonymous page cache drops the page.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COMMENT_EDIT_WINDOW_MS } from '../../common/messaging.ts';
import type { Database } from '../../db/connect.ts';
import { posts, sites } from '../../db/content-schema.ts';
import { closedCommentPosts, comments } from '../../db/messaging-schema.ts';
import { users } from '../../db/schema.ts';
import { postAccess, type ReaderStanding } from '../access/post-access.ts';
import { readerStanding } from '../access/reader-standing.ts';
import type { RateLimiter } from '../rate-limits/rate-limit.ts';
import type { Clock } from '../clock.ts';
import type { MessagingConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import type { LivePosts } from '../posts/live.ts';
import { sitePostBySlug, type PostRow } from '../site-content/index.ts';
import type { SiteChanged } from '../sites/site-changes.ts';
import { findSiteByHandle, findSiteByOwner, type Site } from '../sites/site-lookup.ts';
import { refusalFor, type Refusal } from './audience.ts';
import * as blockList from './blocks.ts';
import type { RecordActivity } from '../reports/activity-service.ts';
import { refuseIfSuspended, siteIsSuspendedColumn } from '../site-standing/index.ts';

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

/** Why this reader may not comment (undefined: they may): the site setting, a block, their membership, or the post closed. */
export type CommentRefusal = Exclude<Refusal, 'owner'> | 'closed' | 'signed-out';

export interface CommentsDeps {
  db: Database;
  clock: Clock;
  livePosts: LivePosts;
  rateLimiter: Pick<RateLimiter, 'overLimit'>;
  limits: Pick<MessagingConfig, 'commentsPerMinute'>;
  siteChanged: SiteChanged;
  /** Recent Activity (server/reports/activity-service.ts), written in the comment's transaction. */
  recordActivity: RecordActivity;
}

const notFound = () => new AppError('not-found', 404);

/** A refusal to write, as the commenter is told it: a block reads as comments closed, as the site setting and a closed post do. */
function refusalError(refusal: CommentRefusal): AppError {
  return refusal === 'off' || refusal === 'blocked' || refusal === 'closed' ? new AppError('comments-closed', 403) : new AppError('forbidden', 403);
}
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export function createCommentsService({ db, clock, livePosts, rateLimiter, limits, siteChanged, recordActivity }: CommentsDeps) {
  async function isClosed(postId: string): Promise<boolean> {
    const [row] = await db.select({ postId: closedCommentPosts.postId }).from(closedCommentPosts).where(eq(closedCommentPosts.postId, postId)).limit(1);
    return row !== undefined;
  }

  /** Who the reader is to the post, and whether they may write under it. */
  async function refusalOf(site: Site, post: PostRow, standing: ReaderStanding, userId: string | undefined): Promise<CommentRefusal | undefined> {
    if (await isClosed(post.id)) return 'closed';
    if (!userId) return 'signed-out';
    if (standing.isOwner) return undefined;
    if (postAccess(post, standing, clock()) !== 'whole') return 'not-member';
    const refusal = refusalFor(site.commentsFrom, standing, await blockList.isBlocked(db, site.id, userId), clock());
    return refusal === 'owner' ? undefined : refusal;
  }

  /** The live post a reader may read whole, or 404: comments are never shown under a preview; 410 on a suspended site. */
  async function readablePost(handle: string, slug: string, userId: string | undefined) {
    const site = await findSiteByHandle(db, handle);
    if (!site?.publishedAt) throw notFound();
    await refuseIfSuspended(db, site.id);
    const post = await sitePostBySlug(db, site.id, slug, livePosts(clock()));
    if (!post?.live) throw notFound();
    const standing = await readerStanding(db, site, userId);
    if (postAccess(post, standing, clock()) !== 'whole') throw notFound();
    return { site, post, standing };
  }

  async function page(site: Site, postId: string, pageNumber: number, viewerIsOwner: boolean): Promise<CommentsPage> {
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
      isClosed(postId),
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
      authorName: row.authorId === site.ownerId ? site.title : (row.authorName ?? 'Former member'),
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

  async function ownedComment(commentId: string) {
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

  /**
   * An author's edit is writing again: the post must still be live and open to
   * them, and they must still be let in by the creator's setting, a block or the
   * post's closing, as when they wrote it (issue 27, item 4).
   */
  async function refuseEditOf(handle: string, slug: string, userId: string): Promise<void> {
    const site = await findSiteByHandle(db, handle);
    const post = site ? await sitePostBySlug(db, site.id, slug, livePosts(clock())) : undefined;
    if (!site || !post?.live) throw notFound();
    const refusal = await refusalOf(site, post, await readerStanding(db, site, userId), userId);
    if (refusal) throw refusalError(refusal);
  }

  return {
    refusalOf,

    /** The comments a reader sees under a post they may read whole; undefined for a preview (no comments there). */
    async forPage(site: Site, post: PostRow, standing: ReaderStanding, userId: string | undefined, pageNumber: number) {
      if (postAccess(post, standing, clock()) !== 'whole') return undefined;
      const [list, refusal] = await Promise.all([page(site, post.id, pageNumber, standing.isOwner), refusalOf(site, post, standing, userId)]);
      return { ...list, refusal };
    },

    async list(handle: string, slug: string, userId: string | undefined, pageNumber: number) {
      const { site, post, standing } = await readablePost(handle, slug, userId);
      const [list, refusal] = await Promise.all([page(site, post.id, pageNumber, standing.isOwner), refusalOf(site, post, standing, userId)]);
      return { ...list, refusal: refusal ?? null };
    },

    async create(handle: string, slug: string, userId: string, input: { text: string; parentId?: string | undefined }) {
      const { site, post, standing } = await readablePost(handle, slug, userId);
      const refusal = await refusalOf(site, post, standing, userId);
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
    },

    /**
     * The author edits the text for 15 minutes, as long as they may still write there, a few times a minute;
     * the site's owner hides, pins and blocks, on a suspended site too (their studio's clean-up).
     */
    async update(userId: string, commentId: string, patch: { text?: string | undefined; hidden?: boolean | undefined; pinned?: boolean | undefined; blockAuthor?: boolean | undefined }) {
      const { comment, ownerId, handle, slug, siteSuspended } = await ownedComment(commentId);
      const isAuthor = comment.authorId === userId;
      const isOwner = ownerId === userId;
      if (!isAuthor && !isOwner) throw notFound();
      if (siteSuspended && (!isOwner || patch.text !== undefined)) throw new AppError('site-suspended', isOwner ? 403 : 410);
      const changes: Partial<typeof comments.$inferInsert> = {};
      if (patch.text !== undefined) {
        if (!isAuthor) throw new AppError('forbidden', 403);
        if (clock().getTime() - comment.createdAt.getTime() > COMMENT_EDIT_WINDOW_MS) throw new AppError('edit-window-over', 403, 'text');
        await refuseEditOf(handle, slug, userId);
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
    },

    /** The post a comment is under, for sending a form back to it. */
    async locate(commentId: string) {
      const { handle, slug } = await ownedComment(commentId);
      return { handle, slug };
    },

    async remove(userId: string, commentId: string) {
      const { comment, ownerId, handle, slug, siteSuspended } = await ownedComment(commentId);
      if (comment.authorId !== userId && ownerId !== userId) throw notFound();
      if (siteSuspended && ownerId !== userId) throw new AppError('site-suspended', 410);
      await db.delete(comments).where(eq(comments.id, comment.id));
      await siteChanged(comment.siteId);
      return { handle, slug };
    },

    /** The creator turns comments off or on for one post of theirs, named by id (the API) or by its slug (the post page's form). */
    async setClosed(ownerId: string, post: { id: string } | { slug: string }, closed: boolean) {
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
    },

    /** A member's comments on the creator's site, newest first, for their page in /subscribers. */
    async byMember(ownerId: string, memberId: string) {
      const site = await findSiteByOwner(db, ownerId);
      if (!site) throw notFound();
      return db
        .select({ id: comments.id, text: comments.body, createdAt: comments.createdAt, hidden: sql<boolean>`${comments.hiddenAt} is not null`, postTitle: posts.title, postSlug: posts.slug })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(and(eq(comments.siteId, site.id), eq(comments.authorId, memberId)))
        .orderBy(desc(comments.createdAt))
        .limit(50);
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
