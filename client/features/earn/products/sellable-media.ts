/**
 * Which items of the media library a product may hold, as the server decides it (server/products/product-files.ts):
 * ready audio and video, and files that are a PDF or a zip. Images are offered as a cover only.
 */
import type { MediaItem } from '../../../../common/api/media.ts';
import type { ProductFileKind } from '../../../../common/api/products.ts';

export function fileKindOf(item: Pick<MediaItem, 'kind' | 'type'>): ProductFileKind | undefined {
  if (item.kind === 'audio' || item.kind === 'video') return item.kind;
  if (item.kind !== 'file') return undefined;
  if (item.type === 'application/pdf') return 'pdf';
  return item.type === 'application/zip' ? 'zip' : undefined;
}

/** The library's ready items split into what may be sold and what may be a cover. */
export function sellableMedia(items: readonly MediaItem[]): { files: MediaItem[]; images: MediaItem[] } {
  const ready = items.filter((item) => item.status === 'ready');
  return { files: ready.filter((item) => fileKindOf(item) !== undefined), images: ready.filter((item) => item.kind === 'image') };
}

export function sizeWords(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
