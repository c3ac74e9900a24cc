/** A small picture of a media item: its thumbnail or poster when it has one, else a labelled tile of its kind. */
import type { MediaItem } from '../../../../common/api/media.ts';
import { MEDIA_KIND_LABELS } from '../../../content/editor.ts';

export function MediaThumbnail({ item }: { item: MediaItem }) {
  const picture = item.urls.thumbnail ?? item.urls.poster ?? item.urls.images?.[0]?.url ?? (item.kind === 'image' && item.status === 'ready' ? item.urls.original : undefined);
  if (picture) return <img className="media-thumb" src={picture} alt={item.alt} width="96" height="72" loading="lazy" />;
  return (
    <span className={`media-thumb media-thumb--${item.kind}`} aria-hidden="true">
      {MEDIA_KIND_LABELS[item.kind]}
    </span>
  );
}
