/**
 * A post's body as a write stores it: the editor's document (or imported
 * HTML) rendered and sanitised into its preview and gated HTML, its cover and
 * media checked against the site's own media, and the post's media uses.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MediaKind } from '../../common/media.ts';
import { editorDocumentSchema, isUuid } from '../../common/post-schemas.ts';
import type { EditorDocument, PostStatus, PostVisibility } from '../../common/posts.ts';
import { media, postMedia, type PostMediaPlace } from '../../db/content-schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { badRequest } from '../errors.ts';
import { importHtml } from './import-html.ts';
import { mediaIdsIn, renderDocument } from './render-document.ts';
import { sanitizeStoredHtml } from './sanitize.ts';

export const EMPTY_DOCUMENT: EditorDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

export const isGated = (visibility: PostVisibility) => visibility !== 'public';

export function documentFrom(input: { body?: EditorDocument | undefined; html?: string | undefined }): EditorDocument | undefined {
  if (input.html === undefined) return input.body;
  const parsed = editorDocumentSchema.safeParse(importHtml(input.html));
  if (!parsed.success) throw badRequest('invalid-input', 'html');
  return parsed.data;
}

/** The site's own media among `ids`, with their kinds; others are not the post's to show. */
async function mediaKindsOf(tx: Transaction, siteId: string, ids: string[]): Promise<Map<string, MediaKind>> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: media.id, kind: media.kind })
    .from(media)
    .where(and(eq(media.siteId, siteId), inArray(media.id, wanted)));
  return new Map(rows.map((row) => [row.id, row.kind]));
}

/** Renders the body and checks the cover, both against the site's own media; returns the columns they fill and the media uses. */
export async function renderBody(tx: Transaction, siteId: string, document: EditorDocument, visibility: PostVisibility, coverMediaId: string | null) {
  const kinds = await mediaKindsOf(tx, siteId, [...mediaIdsIn(document), ...(coverMediaId ? [coverMediaId] : [])]);
  if (coverMediaId && kinds.get(coverMediaId.toLowerCase()) !== 'image') throw badRequest('invalid-input', 'coverMediaId');
  const rendered = renderDocument(document, { mediaKinds: kinds, gated: isGated(visibility) }, sanitizeStoredHtml);
  const uses: { mediaId: string; place: PostMediaPlace }[] = [
    ...(coverMediaId ? [{ mediaId: coverMediaId.toLowerCase(), place: 'cover' as const }] : []),
    ...rendered.previewMediaIds.map((mediaId) => ({ mediaId, place: 'preview' as const })),
    ...rendered.gatedMediaIds.map((mediaId) => ({ mediaId, place: 'gated' as const })),
  ];
  return {
    columns: { body: rendered.document, previewHtml: rendered.previewHtml, gatedHtml: rendered.gatedHtml, coverMediaId: coverMediaId?.toLowerCase() ?? null },
    uses,
    marked: rendered.marked,
  };
}

/**
 * A public post is read whole by everyone, so a members-only marker in it
 * would promise what it does not keep: publishing or scheduling one is
 * refused. A draft may hold both while the creator decides (it autosaves);
 * the access rule reads any such post that does go live as a members post.
 */
export function requireAudienceForMarker(visibility: PostVisibility, status: PostStatus, marked: boolean) {
  if (marked && visibility === 'public' && status !== 'draft') throw badRequest('marker-needs-members', 'visibility');
}

export async function replaceMediaUses(tx: Transaction, postId: string, uses: { mediaId: string; place: PostMediaPlace }[]) {
  await tx.delete(postMedia).where(eq(postMedia.postId, postId));
  if (uses.length > 0) await tx.insert(postMedia).values(uses.map((use) => ({ postId, ...use }))).onConflictDoNothing();
}
