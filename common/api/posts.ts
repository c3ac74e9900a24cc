/**
 * /api/posts (DESIGN.md "HTTP API added"): the signed-in creator's posts. The
 * editor sends its document as `body`; imports and scripts may send `html`
 * instead (sanitised and converted on the server; `<!--members-only-->` ends
 * the public preview). The server renders and sanitises the HTML itself and
 * answers it back, so the studio can show what readers will get.
 */
import type { EmailSegment } from '../email.ts';
import type { EditorDocument, PostStatus, PostVisibility } from '../posts.ts';
import { endpoint } from './endpoint.ts';

/** A row of the list: everything but the body. */
export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  status: PostStatus;
  visibility: PostVisibility;
  /** When it was or will be published (ISO); null for a draft. */
  publishedAt: string | null;
  coverMediaId: string | null;
  /** For `visibility: 'tiers'`: the tiers that open it, and their names in the same order; empty otherwise. */
  tierIds: string[];
  tierNames: string[];
  createdAt: string;
  updatedAt: string;
  /** In the list: the comments readers see under it. */
  commentCount?: number;
}

export interface Post extends PostSummary {
  body: EditorDocument;
  /**
   * The sanitised HTML before the members-only marker, and after it. A public
   * post's readers get both; a gated post without a marker has everything in
   * `gatedHtml` (its excerpt is the teaser).
   */
  previewHtml: string;
  gatedHtml: string;
}

export interface PostCounts {
  all: number;
  draft: number;
  scheduled: number;
  published: number;
}

export interface PostInput {
  title: string;
  /** The editor's document; give this or `html`. */
  body?: EditorDocument;
  /** HTML to import in place of `body`. */
  html?: string;
  visibility?: PostVisibility;
  /** `scheduled` needs `publishAt` in the future; `published` without one is published now; `draft` unpublishes. */
  status?: PostStatus;
  /** ISO date-time. */
  publishAt?: string | null;
  /** Lowercase a-z, 0-9 and single dashes. Left out on create: made from the title. */
  slug?: string;
  excerpt?: string;
  coverMediaId?: string | null;
  /**
   * For `visibility: 'tiers'`: the site's own tiers that open the post (400
   * field `tierIds` for any other; at least one unless a draft). Left out on a
   * PATCH: kept. Ignored, and cleared, for other visibilities.
   */
  tierIds?: string[];
}

export type PostPatch = Partial<PostInput> & {
  /** E-mail the post when it is published (common/email.ts); on a published post never e-mailed, e-mails it now; 409 `already-emailed` once it went out. */
  email?: { send: boolean; segment?: EmailSegment; replyToCreator?: boolean };
};

/** Posts in one answer of the list; `nextCursor` asks for the next ones. */
export const POSTS_PAGE_SIZE = 100;

export interface PostsQuery extends Record<string, string | number | boolean | undefined> {
  status?: PostStatus;
  /** Words to find in the title or the excerpt. */
  q?: string;
  /** The `nextCursor` of the page before, with the same `status` and `q`; 400 `invalid-input` for one the server did not make. */
  cursor?: string;
}

/** The site's handle makes a post's public address `/@{handle}/posts/{slug}`; null before the site is set up. */
export interface PostsAnswer {
  /** Newest first, at most POSTS_PAGE_SIZE. */
  posts: PostSummary[];
  /** The cursor of the page after this one; absent on the last page. */
  nextCursor?: string;
  /** Counts of each status among the posts the search matches. */
  counts: PostCounts;
  handle: string | null;
}

export interface PostAnswer {
  post: Post;
  handle: string;
}

export const listPosts = endpoint<undefined, PostsQuery, PostsAnswer>('GET', '/api/posts');
/** 201; 409 `slug-taken` (field `slug`) for an explicit slug in use; 409 `site-required` before the site exists. */
export const createPost = endpoint<PostInput, undefined, PostAnswer>('POST', '/api/posts');
export const getPost = endpoint<undefined, undefined, PostAnswer>('GET', '/api/posts/:id');
export const updatePost = endpoint<PostPatch, undefined, PostAnswer>('PATCH', '/api/posts/:id');
/** 204. */
export const deletePost = endpoint<undefined, undefined, void>('DELETE', '/api/posts/:id');

/** Where readers find a post. */
export function publicPostPath(handle: string, slug: string): string {
  return `/@${handle}/posts/${slug}`;
}
