/**
 * Comments under posts (DESIGN.md "Release 3" API): read and write under a
 * post the reader may read whole, change or delete one. The post page renders
 * them itself and takes its forms; these endpoints are the JSON API for other
 * clients (DESIGN.md), which no screen of ours calls: each is tagged `@public`
 * so the unused-export check (knip.json) keeps it, and the routes check their
 * answers against it (server/messaging/comments-routes.ts).
 */
import { endpoint } from './endpoint.ts';

export interface CommentJson {
  id: string;
  parentId: string | null;
  authorName: string;
  byCreator: boolean;
  /** Plain text, as written: shown as text, links made clickable by the page. */
  text: string;
  createdAt: string;
  editedAt: string | null;
  hidden: boolean;
  pinned: boolean;
  replies: CommentJson[];
}

/** Why the reader may not comment; null when they may. */
export type CommentRefusal = 'off' | 'blocked' | 'not-member' | 'not-paid' | 'closed' | 'signed-out';

export interface CommentsAnswer {
  comments: CommentJson[];
  total: number;
  page: number;
  hasMore: boolean;
  closed: boolean;
  refusal: CommentRefusal | null;
}

export interface CommentPatch {
  text?: string;
  hidden?: boolean;
  pinned?: boolean;
}

/** @public */
export const listComments = endpoint<undefined, { page?: number }, CommentsAnswer>('GET', '/api/sites/:handle/posts/:slug/comments');
/** @public */
export const postComment = endpoint<{ text: string; parentId?: string }, undefined, { id: string }>('POST', '/api/sites/:handle/posts/:slug/comments');
/** @public */
export const updateComment = endpoint<CommentPatch, undefined, void>('PATCH', '/api/comments/:id');
/** @public */
export const deleteComment = endpoint<undefined, undefined, void>('DELETE', '/api/comments/:id');
/** @public */
export const closeComments = endpoint<undefined, undefined, void>('POST', '/api/posts/:id/comments-closed');
/** @public */
export const openComments = endpoint<undefined, undefined, void>('DELETE', '/api/posts/:id/comments-closed');
