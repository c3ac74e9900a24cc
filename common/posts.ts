/** Posts of DESIGN.md "Content": statuses, visibilities and the editor's document, shared by client and server. */

export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_VISIBILITIES = ['public', 'members', 'paid', 'tiers'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

export const POST_TITLE_MAX_LENGTH = 200;
export const POST_EXCERPT_MAX_LENGTH = 500;
export const POST_SLUG_MAX_LENGTH = 100;

/**
 * The editor's document: a ProseMirror (Tiptap) JSON tree. The server never
 * trusts it: it renders it to HTML by its own allow-list and sanitises that.
 */
export interface EditorNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}
export interface EditorDocument extends EditorNode {
  type: 'doc';
}

/** In posted `html` (imports and scripts), this comment ends the public preview. */
export const MEMBERS_ONLY_COMMENT = '<!--members-only-->';
