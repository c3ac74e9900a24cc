/** A media item's processing status in words (ISSUE9 item 4: uploading, processing with progress, ready, failed with the reason). */
import type { MediaItem } from '../../../../common/api/media.ts';
import { STATUS_COPY } from '../../../content/media.ts';
import './media-status.css';

export function statusText(item: Pick<MediaItem, 'status' | 'progress' | 'failureReason'>): string {
  switch (item.status) {
    case 'uploading':
      return STATUS_COPY.uploading;
    case 'processing':
      return STATUS_COPY.processing(Math.max(0, Math.min(100, Math.round(item.progress))));
    case 'ready':
      return STATUS_COPY.ready;
    case 'failed':
      return STATUS_COPY.failed(item.failureReason);
  }
}

export function MediaStatusBadge({ item }: { item: Pick<MediaItem, 'status' | 'progress' | 'failureReason'> }) {
  return <span className={`media-status media-status--${item.status}`}>{statusText(item)}</span>;
}
