/**
 * The input rules of /api/posts (common/api/posts.ts), checked by the server
 * at its boundary. The editor's document is only checked for shape and size
 * here; what it may contain is decided by the server's renderer, which keeps
 * only the nodes and marks it knows (server/posts/render-document.ts).
 */
import { z } from 'zod';
import { EMAIL_SEGMENTS } from './email.ts';
import { POST_EXCERPT_MAX_LENGTH, POST_STATUSES, POST_TITLE_MAX_LENGTH, POST_VISIBILITIES, type EditorDocument } from './posts.ts';
import { isValidSlug } from './slugs.ts';

/** Deeper than any list a person nests, shallow enough that walking it never nears the stack's limit. */
export const DOCUMENT_MAX_DEPTH = 24;
/** About a long book chapter's worth of paragraphs and marks. */
export const DOCUMENT_MAX_NODES = 20_000;
/** Characters of imported HTML. */
export const IMPORT_HTML_MAX_LENGTH = 1_000_000;

// eslint-disable-next-line no-control-regex -- U+0000 is exactly the character refused here
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;
const storable = (value: string) => !UNSTORABLE_TEXT.test(value);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/** Counts nodes and depth without recursion, so a hostile document cannot overflow the stack. */
function withinLimits(value: unknown): boolean {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    nodes += 1;
    if (nodes > DOCUMENT_MAX_NODES || depth > DOCUMENT_MAX_DEPTH) return false;
    if (typeof node !== 'object' || node === null) continue;
    const content = (node as { content?: unknown }).content;
    if (Array.isArray(content)) for (const child of content) stack.push({ node: child, depth: depth + 1 });
  }
  return true;
}

const markSchema = z.object({ type: z.string().max(40), attrs: z.record(z.string(), z.unknown()).optional() });

interface NodeShape {
  type: string;
  attrs?: Record<string, unknown> | undefined;
  content?: NodeShape[] | undefined;
  marks?: { type: string; attrs?: Record<string, unknown> | undefined }[] | undefined;
  text?: string | undefined;
}

const nodeSchema: z.ZodType<NodeShape> = z.lazy(() =>
  z.object({
    type: z.string().max(40),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(nodeSchema).optional(),
    marks: z.array(markSchema).max(10).optional(),
    text: z.string().optional(),
  }),
);

export const editorDocumentSchema = z
  .unknown()
  .refine(withinLimits, { error: 'invalid-input' })
  .pipe(nodeSchema)
  .refine((node) => node.type === 'doc', { error: 'invalid-input' })
  .transform((node) => node as EditorDocument);

const title = z
  .string({ error: 'invalid-input' })
  .trim()
  .max(POST_TITLE_MAX_LENGTH, { error: 'invalid-input' })
  .refine(storable, { error: 'invalid-input' });
const excerpt = z
  .string({ error: 'invalid-input' })
  .trim()
  .max(POST_EXCERPT_MAX_LENGTH, { error: 'invalid-input' })
  .refine(storable, { error: 'invalid-input' });
const slug = z.string({ error: 'invalid-slug' }).refine(isValidSlug, { error: 'invalid-slug' });
const publishAt = z.iso.datetime({ offset: true, error: 'invalid-publish-time' }).nullable();
const mediaId = z.string().refine(isUuid, { error: 'invalid-input' }).nullable();

const postFields = {
  title,
  body: editorDocumentSchema.optional(),
  html: z.string().max(IMPORT_HTML_MAX_LENGTH, { error: 'invalid-input' }).refine(storable, { error: 'invalid-input' }).optional(),
  visibility: z.enum(POST_VISIBILITIES, { error: 'invalid-input' }),
  status: z.enum(POST_STATUSES, { error: 'invalid-input' }),
  publishAt: publishAt.optional(),
  slug: slug.optional(),
  excerpt: excerpt.optional(),
  coverMediaId: mediaId.optional(),
  tierIds: z.array(z.string().refine(isUuid, { error: 'invalid-input' }), { error: 'invalid-input' }).max(50, { error: 'invalid-input' }).optional(),
};

function oneBodyOnly(value: { body?: unknown; html?: unknown }, context: z.RefinementCtx) {
  if (value.body !== undefined && value.html !== undefined) context.addIssue({ code: 'custom', path: ['html'], message: 'invalid-input' });
}

export const createPostSchema = z
  .object({ ...postFields, visibility: postFields.visibility.default('public'), status: postFields.status.default('draft') })
  .superRefine(oneBodyOnly);
export type CreatePostData = z.output<typeof createPostSchema>;

/** `PATCH /api/posts/:id` `{email}`: e-mail the post when it is published (server/newsletters). */
const postEmailChoiceSchema = z.object({
  send: z.boolean(),
  segment: z.enum(EMAIL_SEGMENTS).default('all'),
  replyToCreator: z.boolean().default(false),
});

export const updatePostSchema = z
  .object({
    ...postFields,
    title: title.optional(),
    visibility: postFields.visibility.optional(),
    status: postFields.status.optional(),
    // E-mail with publishing (server/newsletters); applied in the same transaction as the rest of the edit.
    email: postEmailChoiceSchema.optional(),
  })
  .superRefine(oneBodyOnly);
export type UpdatePostData = z.output<typeof updatePostSchema>;

export const listPostsSchema = z.object({
  status: z.enum(POST_STATUSES, { error: 'invalid-input' }).optional(),
  q: z.string().trim().max(200, { error: 'invalid-input' }).refine(storable, { error: 'invalid-input' }).optional(),
  cursor: z.string().max(200, { error: 'invalid-input' }).optional(),
});
