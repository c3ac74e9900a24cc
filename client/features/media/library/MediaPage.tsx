/**
 * The media library (/upload/media, ISSUE9 item 4): the drop zone and the
 * upload queue on top, the creator's media below with search, a kind filter
 * and each item's status; details (preview, alt text) and delete in dialogs,
 * except a failed item, removed in one step (ISSUE15 item 10): nothing was
 * made from it and no post can use it, so there is nothing to confirm.
 * Search and filter live in the address, so a reload or a shared link keeps
 * them.
 */
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import * as mediaApi from '../../../../common/api/media.ts';
import type { MediaItem } from '../../../../common/api/media.ts';
import { MEDIA_KINDS, type MediaKind } from '../../../../common/media.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { DELETE_COPY, MEDIA_PAGE } from '../../../content/media.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { MediaDropZone } from '../../media/uploads/MediaDropZone.tsx';
import { UploadQueueList } from '../../media/uploads/UploadQueueList.tsx';
import { useMediaList } from '../../media/uploads/useMediaList.ts';
import { useUploadMaxBytes } from '../../media/uploads/useUploadMaxBytes.ts';
import { useUploadQueue } from '../../media/uploads/useUploadQueue.ts';
import { UploadTabs } from '../../posts/UploadTabs.tsx';
import { DeleteMediaDialog } from './DeleteMediaDialog.tsx';
import { MediaDetailsDialog } from './MediaDetailsDialog.tsx';
import { MediaLibrary } from './MediaLibrary.tsx';
import './media-page.css';

function kindOf(value: string | null): MediaKind | undefined {
  return MEDIA_KINDS.find((kind) => kind === value);
}

export default function MediaPage() {
  usePageMeta({ title: 'Media | Creator Platform', robots: 'noindex' });
  const { queue, state } = useUploadQueue();
  const maxBytes = useUploadMaxBytes();
  const [params, setParams] = useSearchParams();
  const [opened, setOpened] = useState<MediaItem>();
  const [deleting, setDeleting] = useState<MediaItem>();
  const [announcement, setAnnouncement] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const libraryHeading = useRef<HTMLHeadingElement>(null);
  const q = params.get('q') ?? '';
  const kind = kindOf(params.get('kind'));
  const { state: list, reload } = useMediaList({ q, kind });

  const forget = (id: string) =>
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });

  async function removeFailed(item: MediaItem) {
    setRemoving((current) => new Set(current).add(item.id));
    // Its card, which had the focus, leaves at once: the focus stays in the library instead of falling to the page.
    libraryHeading.current?.focus();
    try {
      await call(mediaApi.deleteMedia, { params: { id: item.id } });
      setAnnouncement(DELETE_COPY.removed(item.originalName));
    } catch (error) {
      const code = toErrorCode(error);
      if (code === 'not-found') setAnnouncement(DELETE_COPY.notFound);
      else {
        // Still there: shown again, with why.
        setProblem(code === 'media-in-use' ? DELETE_COPY.inUse : DELETE_COPY.failed);
        forget(item.id);
      }
    }
    reload();
  }

  const startDelete = (item: MediaItem) => {
    setAnnouncement(undefined);
    setProblem(undefined);
    if (item.status === 'failed') void removeFailed(item);
    else setDeleting(item);
  };

  const setFilter = (name: 'q' | 'kind', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="media-page" aria-labelledby="media-heading">
      <UploadTabs />
      <h1 id="media-heading" className="media-page__heading">
        {MEDIA_PAGE.title}
      </h1>
      <p className="media-page__intro">{MEDIA_PAGE.intro}</p>

      <section className="media-page__uploads" aria-label={MEDIA_PAGE.uploadsHeading}>
        <MediaDropZone maxBytes={maxBytes} onFiles={(files) => queue.add(files, maxBytes)} />
        <UploadQueueList state={state} queue={queue} maxBytes={maxBytes} />
      </section>

      <LiveMessage tone="success">{announcement}</LiveMessage>
      <LiveMessage tone="error">{problem}</LiveMessage>

      <MediaLibrary
        q={q}
        kind={kind}
        list={list}
        onRetry={reload}
        onSearch={(value) => setFilter('q', value)}
        onKind={(value) => setFilter('kind', value ?? '')}
        queueState={state}
        removing={removing}
        headingRef={libraryHeading}
        onOpen={(item) => {
          setAnnouncement(undefined);
          setOpened(item);
        }}
        onDelete={startDelete}
      />

      <MediaDetailsDialog
        item={opened}
        onClose={() => setOpened(undefined)}
        onSaved={reload}
        onDelete={(item) => {
          setOpened(undefined);
          startDelete(item);
        }}
      />
      <DeleteMediaDialog item={deleting} onClose={() => setDeleting(undefined)} onDeleted={(message) => {
          setAnnouncement(message);
          reload();
        }}
      />
    </section>
  );
}
