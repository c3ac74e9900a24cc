/**
 * The comments under a post, rendered by the server with the post
 * (docs/decisions/097): readable without JavaScript, and every action a
 * plain form that posts and comes back (comment-page-routes.ts). The talk
 * script only saves the reload. The anonymous page is kept by the page cache,
 * so what a signed-out reader sees depends on nothing but the post and its
 * comments; forms for the signed-in reader appear only on their own page.
 */
import { COMMENT_EDIT_WINDOW_MS, COMMENT_MAX_CHARS } from '../../common/messaging.ts';
import { formatDate, text } from '../rendering/index.ts';
import type { CommentRefusal, CommentsPage, CommentView } from './comments-service.ts';
import { linkify } from './linkify.ts';

export interface CommentsHtmlInput {
  /** Where the site's pages live: `/@{handle}`, or '' at the root of its own domain (sites/site-url.ts). */
  sitePrefix: string;
  slug: string;
  siteTitle: string;
  page: CommentsPage;
  refusal: CommentRefusal | undefined;
  /** The signed-in reader, if any: their own comments get edit and delete. */
  userId: string | undefined;
  isOwner: boolean;
  now: Date;
  notice?: CommentNotice | undefined;
}

export const COMMENT_NOTICES = ['posted', 'empty', 'limit', 'closed', 'edit-over', 'deleted'] as const;
export type CommentNotice = (typeof COMMENT_NOTICES)[number];

const NOTICES: Record<CommentNotice, string> = {
  posted: '<p class="notice notice--success" role="status">Your comment is posted.</p>',
  empty: '<p class="notice notice--error" role="alert">Write a comment first.</p>',
  limit: '<p class="notice notice--error" role="alert">You are commenting faster than anyone can read. Please wait a minute, then try again.</p>',
  closed: '<p class="notice notice--error" role="alert">Comments are closed here.</p>',
  'edit-over': '<p class="notice notice--error" role="alert">Comments can be edited for 15 minutes after posting.</p>',
  deleted: '<p class="notice notice--success" role="status">The comment is deleted.</p>',
};

function refusalWords(refusal: CommentRefusal, input: CommentsHtmlInput): string {
  const back = `${input.sitePrefix}/posts/${encodeURIComponent(input.slug)}#comments`;
  switch (refusal) {
    case 'signed-out':
      return `<p class="comments__closed"><a href="/login?next=${text(encodeURIComponent(back))}">Sign in</a> to join the conversation.</p>`;
    case 'closed':
    case 'off':
    case 'blocked':
      return '<p class="comments__closed">Comments are closed here.</p>';
    case 'not-member':
      return `<p class="comments__closed"><a href="${text(input.sitePrefix)}/join">Become a member</a> to comment.</p>`;
    case 'not-paid':
      return `<p class="comments__closed">Paying members of ${text(input.siteTitle)} can comment. <a href="${text(input.sitePrefix)}/join">See the memberships</a></p>`;
  }
}

function form(input: CommentsHtmlInput, id: string, label: string, button: string, parentId?: string): string {
  const action = `${text(input.sitePrefix)}/posts/${text(encodeURIComponent(input.slug))}/comments`;
  const parent = parentId ? `<input type="hidden" name="parentId" value="${text(parentId)}">` : '';
  return `<form class="comments__form" method="post" action="${action}">${parent}<label class="account__label" for="${id}">${label}</label><textarea class="account__field" id="${id}" name="text" rows="3" maxlength="${COMMENT_MAX_CHARS}" required></textarea><button class="button" type="submit">${button}</button></form>`;
}

function actionButton(sitePrefix: string, comment: CommentView, action: string, label: string): string {
  return `<form class="comment__action" method="post" action="${text(sitePrefix)}/comments/${comment.id}/${action}"><button class="comment__button" type="submit">${label}<span class="visually-hidden"> the comment of ${text(comment.authorName)}</span></button></form>`;
}

function actions(comment: CommentView, input: CommentsHtmlInput, topLevel: boolean): string {
  if (!input.userId) return '';
  const parts: string[] = [];
  const own = comment.authorId === input.userId;
  if (topLevel && input.refusal === undefined) {
    parts.push(`<details class="comment__more"><summary>Reply</summary>${form(input, `reply-${comment.id}`, 'Your reply', 'Reply', comment.id)}</details>`);
  }
  if (own && input.now.getTime() - comment.createdAt.getTime() <= COMMENT_EDIT_WINDOW_MS) {
    parts.push(
      `<details class="comment__more"><summary>Edit</summary><form class="comments__form" method="post" action="${text(input.sitePrefix)}/comments/${comment.id}/edit"><label class="account__label" for="edit-${comment.id}">Your comment</label><textarea class="account__field" id="edit-${comment.id}" name="text" rows="3" maxlength="${COMMENT_MAX_CHARS}" required>${text(comment.text)}</textarea><button class="button" type="submit">Save</button></form></details>`,
    );
  }
  if (own || input.isOwner) parts.push(actionButton(input.sitePrefix, comment, 'delete', 'Delete'));
  if (input.isOwner) {
    if (topLevel) parts.push(actionButton(input.sitePrefix, comment, comment.pinned ? 'unpin' : 'pin', comment.pinned ? 'Unpin' : 'Pin'));
    parts.push(actionButton(input.sitePrefix, comment, comment.hidden ? 'unhide' : 'hide', comment.hidden ? 'Show' : 'Hide'));
    if (!comment.byCreator && comment.authorId) parts.push(actionButton(input.sitePrefix, comment, 'block', 'Block'));
  }
  return parts.length ? `<div class="comment__actions">${parts.join('')}</div>` : '';
}

function commentHtml(comment: CommentView, input: CommentsHtmlInput, topLevel: boolean): string {
  const classes = ['comment', comment.pinned ? 'comment--pinned' : '', comment.hidden ? 'comment--hidden' : ''].filter(Boolean).join(' ');
  const badges = [comment.byCreator ? '<span class="comment__badge">Creator</span>' : '', comment.pinned ? '<span class="comment__badge">Pinned</span>' : '', comment.hidden ? '<span class="comment__badge">Hidden from readers</span>' : '']
    .filter(Boolean)
    .join('');
  const edited = comment.editedAt ? ' · edited' : '';
  const replies = comment.replies.length ? `<ol class="comment__replies">${comment.replies.map((reply) => commentHtml(reply, input, false)).join('')}</ol>` : '';
  return `<li class="${classes}" id="comment-${comment.id}"><p class="comment__meta"><strong>${text(comment.authorName)}</strong>${badges} · <time datetime="${comment.createdAt.toISOString()}">${text(formatDate(comment.createdAt))}</time>${edited}</p><p class="comment__text">${linkify(comment.text)}</p>${actions(comment, input, topLevel)}${replies}</li>`;
}

export function commentsHtml(input: CommentsHtmlInput): string {
  const { page } = input;
  const heading = page.total === 0 ? 'Comments' : page.total === 1 ? '1 comment' : `${page.total} comments`;
  const list = page.comments.length ? `<ol class="comments__list">${page.comments.map((comment) => commentHtml(comment, input, true)).join('')}</ol>` : '';
  const empty = page.comments.length === 0 && page.page === 1 ? '<p class="comments__empty">No comments yet.</p>' : '';
  const base = `${text(input.sitePrefix)}/posts/${text(encodeURIComponent(input.slug))}`;
  const pager = [page.page > 1 ? `<a href="${base}${page.page === 2 ? '' : `?comments=${page.page - 1}`}#comments">← Earlier comments</a>` : '', page.hasMore ? `<a href="${base}?comments=${page.page + 1}#comments">More comments →</a>` : '']
    .filter(Boolean)
    .join('');
  const write = input.refusal === undefined ? form(input, 'comment-text', 'Add a comment', 'Post comment') : refusalWords(input.refusal, input);
  const ownerTools = input.isOwner
    ? `<form class="comment__action" method="post" action="${base}/comments/${page.closed ? 'open' : 'close'}"><button class="comment__button" type="submit">${page.closed ? 'Turn comments on for this post' : 'Turn comments off for this post'}</button></form>`
    : '';
  return `<section class="comments" id="comments" aria-labelledby="comments-heading" data-comments><h2 id="comments-heading">${heading}</h2>${input.notice ? NOTICES[input.notice] : ''}${ownerTools}${list}${empty}${pager ? `<nav class="comments__pager" aria-label="Comment pages">${pager}</nav>` : ''}${write}</section>`;
}
