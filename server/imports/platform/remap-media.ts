/**
 * Our own export names media by the exporting site's ids; once imported, each
 * is a new item of this site's library. These pure functions put the new ids
 * where the old ones were: in a post's editor document and in a design. An id
 * that did not come over (a file the export lacked) is dropped, as the editor
 * and the design room drop media that is gone.
 */
import type { Design } from '../../../common/design.ts';
import type { EditorDocument, EditorNode } from '../../../common/posts.ts';

/** The editor's media block (server/posts/render-document.ts MEDIA_NODE): `attrs.id` names the item. */
const MEDIA_NODE = 'media';

function remapNode(node: EditorNode, mediaIdByKey: ReadonlyMap<string, string>): EditorNode[] {
  if (node.type === MEDIA_NODE) {
    const id = typeof node.attrs?.id === 'string' ? mediaIdByKey.get(node.attrs.id.toLowerCase()) : undefined;
    return id ? [{ ...node, attrs: { ...node.attrs, id } }] : [];
  }
  if (!node.content) return [node];
  return [{ ...node, content: node.content.flatMap((child) => remapNode(child, mediaIdByKey)) }];
}

export function remapDocument(document: EditorDocument, mediaIdByKey: ReadonlyMap<string, string>): EditorDocument {
  return { ...document, content: (document.content ?? []).flatMap((node) => remapNode(node, mediaIdByKey)) };
}

export function remapDesign(design: Design, mediaIdByKey: ReadonlyMap<string, string>): Design {
  const swap = (id: string | null) => (id ? (mediaIdByKey.get(id) ?? null) : null);
  return {
    ...design,
    logoId: swap(design.logoId),
    faviconId: swap(design.faviconId),
    seo: { ...design.seo, imageId: swap(design.seo.imageId) },
    sections: design.sections.map((section) => {
      if (section.type === 'hero') return { ...section, settings: { ...section.settings, imageId: swap(section.settings.imageId) } };
      if (section.type === 'media') return { ...section, settings: { ...section.settings, mediaId: swap(section.settings.mediaId) } };
      if (section.type === 'gallery') {
        const images = section.settings.images.flatMap((image) => {
          const mediaId = mediaIdByKey.get(image.mediaId);
          return mediaId ? [{ ...image, mediaId }] : [];
        });
        return { ...section, settings: { ...section.settings, images } };
      }
      return section;
    }),
  };
}
