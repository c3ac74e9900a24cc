/**
 * Comments under posts (DESIGN.md "Release 3" > "Messages and comments";
 * docs/decisions/097). Who may read them is who may read the post whole (the
 * one access rule); who may write is the creator's `commentsFrom` setting
 * read through the same rule (audience.ts), minus blocked members, on a post
 * whose comments are open. One level of replies; an author edits for 15
 * minutes and deletes their own; the creator hides, pins, deletes and blocks.
 * Every change tells siteChanged, so the anonymous page cache drops the page.
 *
 * Each use case is its own file of plain functions handed their dependencies
 * (list-comments.ts, write-comment.ts, update-comment.ts, delete-comment.ts,
 * close-comments.ts, member-comments.ts, over comment-refusals.ts and
 * comments-page.ts); this factory composes them.
 */
import type { ReaderStanding } from '../access/index.ts';
import type { PostRow } from '../site-content/index.ts';
import type { Site } from '../sites/index.ts';
import { setCommentsClosed } from './close-comments.ts';
import { refusalOf } from './comment-refusals.ts';
import type { CommentsDeps } from './comments-deps.ts';
import { deleteComment } from './delete-comment.ts';
import { commentsForPage, listComments } from './list-comments.ts';
import { memberComments } from './member-comments.ts';
import { ownedComment } from './owned-comment.ts';
import { updateComment, type CommentPatch } from './update-comment.ts';
import { writeComment } from './write-comment.ts';

export type { CommentRefusal } from './comment-refusals.ts';
export type { CommentsDeps } from './comments-deps.ts';
export type { CommentsPage, CommentView } from './comments-page.ts';

export function createCommentsService(deps: CommentsDeps) {
  return {
    refusalOf: (site: Site, post: PostRow, standing: ReaderStanding, userId: string | undefined) => refusalOf(deps, site, post, standing, userId),

    /** The comments a reader sees under a post they may read whole; undefined for a preview (no comments there). */
    forPage: (site: Site, post: PostRow, standing: ReaderStanding, userId: string | undefined, pageNumber: number) => commentsForPage(deps, site, post, standing, userId, pageNumber),

    list: (handle: string, slug: string, userId: string | undefined, pageNumber: number) => listComments(deps, handle, slug, userId, pageNumber),

    create: (handle: string, slug: string, userId: string, input: { text: string; parentId?: string | undefined }) => writeComment(deps, handle, slug, userId, input),

    /**
     * The author edits the text for 15 minutes, as long as they may still write there, a few times a minute;
     * the site's owner hides, pins and blocks, on a suspended site too (their studio's clean-up).
     */
    update: (userId: string, commentId: string, patch: CommentPatch) => updateComment(deps, userId, commentId, patch),

    /** The post a comment is under, for sending a form back to it. */
    async locate(commentId: string) {
      const { handle, slug } = await ownedComment(deps, commentId);
      return { handle, slug };
    },

    remove: (userId: string, commentId: string) => deleteComment(deps, userId, commentId),

    /** The creator turns comments off or on for one post of theirs, named by id (the API) or by its slug (the post page's form). */
    setClosed: (ownerId: string, post: { id: string } | { slug: string }, closed: boolean) => setCommentsClosed(deps, ownerId, post, closed),

    /** A member's comments on the creator's site, newest first, for their page in /subscribers. */
    byMember: (ownerId: string, memberId: string) => memberComments(deps, ownerId, memberId),
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
