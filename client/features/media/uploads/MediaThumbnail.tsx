/**
 * The picture of a media item in a grid: the image's small WebP, the video's
 * poster, or an icon for audio, PDFs and anything not processed yet. It is
 * decorative: the item's name always stands beside it.
 */
import type { MediaItem } from '../../../../common/api/media.ts';
import type { MediaKind } from '../../../../common/media.ts';

const ICON_PATHS: Readonly<Record<MediaKind, string>> = {
  image: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9.5a1.5 1.5 0 1 0 0-.01',
  video: 'M4 6h11v12H4zM15 10l5-3v10l-5-3',
  audio: 'M9 18V6l10-2v12M9 18a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0zM19 16a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0z',
  file: 'M7 3h7l5 5v13H7zM14 3v5h5M9.5 13h5M9.5 16.5h5',
};

export function thumbnailOf(item: Pick<MediaItem, 'kind' | 'urls'>): string | undefined {
  if (item.kind === 'image') return item.urls.thumbnail ?? item.urls.images?.[0]?.url;
  if (item.kind === 'video') return item.urls.thumbnail ?? item.urls.poster;
  return undefined;
}

export function MediaThumbnail({ item }: { item: Pick<MediaItem, 'kind' | 'urls'> }) {
  const source = thumbnailOf(item);
  if (source) return <img className="media-thumbnail" src={source} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`media-thumbnail media-thumbnail--icon media-thumbnail--${item.kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="40" height="40" focusable="false">
        <path d={ICON_PATHS[item.kind]} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
