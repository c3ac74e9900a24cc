/**
 * One media item in a dialog: its preview (the image at the width the screen
 * needs, the video and audio players, a link to a PDF), its facts, its alt
 * text (images), and the way to delete it. The item is fetched again on
 * opening: its URLs are signed and short-lived (server/media-urls/media-urls.ts).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import type { MediaItem } from '../../../../common/api/media.ts';
import { MEDIA_ALT_MAX_LENGTH } from '../../../../common/media.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { DETAILS_COPY, KIND_LABELS } from '../../../content/media.ts';
import { call } from '../../../lib/api.ts';
import { AudioPlayer } from '../../media/uploads/AudioPlayer.tsx';
import { formatBytes, formatDuration } from '../../media/uploads/format.ts';
import { MediaStatusBadge } from '../../media/uploads/MediaStatusBadge.tsx';
import { VideoPlayer } from '../../media/uploads/VideoPlayer.tsx';

interface MediaDetailsDialogProps {
  item: MediaItem | undefined;
  onClose: () => void;
  onSaved: () => void;
  onDelete: (item: MediaItem) => void;
}

/** `srcset` of an image's WebP widths; `sizes` says the dialog is at most about 40rem wide. */
function imageSources(item: MediaItem) {
  const images = item.urls.images ?? [];
  return {
    src: images.at(-1)?.url ?? item.urls.original,
    srcSet: images.length > 0 ? images.map((image) => `${image.url} ${image.width}w`).join(', ') : undefined,
    sizes: '(min-width: 44rem) 38rem, calc(100vw - 5rem)',
  };
}

function Preview({ item }: { item: MediaItem }) {
  if (item.status !== 'ready') return <p className="media-details__pending">{DETAILS_COPY.notReady}</p>;
  switch (item.kind) {
    case 'image': {
      const { src, srcSet, sizes } = imageSources(item);
      return (
        <img
          className="media-details__image"
          src={src}
          srcSet={srcSet}
          sizes={sizes}
          alt={item.alt}
          width={item.width ?? undefined}
          height={item.height ?? undefined}
        />
      );
    }
    case 'video':
      return item.urls.playlist ? (
        <VideoPlayer playlist={item.urls.playlist} poster={item.urls.poster} fallback={item.urls.mp4} label={item.originalName} width={item.width} height={item.height} />
      ) : (
        <p className="media-details__pending">{DETAILS_COPY.notReady}</p>
      );
    case 'audio':
      return <AudioPlayer src={item.urls.audio ?? item.urls.original} label={item.originalName} />;
    case 'file':
      return (
        <a className="media-details__file" href={item.urls.original} target="_blank" rel="noopener noreferrer">
          {DETAILS_COPY.openPdf}
        </a>
      );
  }
}

function AltTextForm({ item, onSaved }: { item: MediaItem; onSaved: (item: MediaItem) => void }) {
  const id = useId();
  const [alt, setAlt] = useState(item.alt);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string }>();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setResult(undefined);
    try {
      const answer = await call(mediaApi.updateMedia, { params: { id: item.id }, body: { alt: alt.trim() } });
      setResult({ tone: 'success', text: DETAILS_COPY.altSaved });
      onSaved(answer.media);
    } catch {
      setResult({ tone: 'error', text: DETAILS_COPY.altFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="media-details__alt" onSubmit={(event) => void save(event)}>
      <label htmlFor={id}>{DETAILS_COPY.altLabel}</label>
      <textarea id={id} rows={2} value={alt} maxLength={MEDIA_ALT_MAX_LENGTH} aria-describedby={`${id}-help`} onChange={(event) => setAlt(event.target.value)} />
      <p id={`${id}-help`} className="media-details__help">
        {DETAILS_COPY.altHelp}
      </p>
      <div>
        <BusyButton type="submit" variant="secondary" busy={busy}>
          {DETAILS_COPY.altSave}
        </BusyButton>
      </div>
      <LiveMessage tone={result?.tone} assertive={false}>
        {result?.text}
      </LiveMessage>
    </form>
  );
}

export function MediaDetailsDialog({ item, onClose, onSaved, onDelete }: MediaDetailsDialogProps) {
  const headingId = useId();
  const [fresh, setFresh] = useState<MediaItem>();
  const itemId = item?.id;

  useEffect(() => {
    if (!itemId) return;
    const controller = new AbortController();
    call(mediaApi.getMedia, { params: { id: itemId }, signal: controller.signal }).then(
      (answer) => {
        // An abort while the body was read resolves without an answer.
        if (!controller.signal.aborted) setFresh(answer.media);
      },
      // The list's copy is shown instead; its URLs are a few seconds old at most.
      () => undefined,
    );
    return () => controller.abort();
  }, [itemId]);

  const shown = fresh?.id === itemId ? fresh : item;
  const facts = shown
    ? [
        KIND_LABELS[shown.kind],
        formatBytes(shown.bytes),
        shown.width && shown.height ? `${shown.width} × ${shown.height}` : undefined,
        shown.durationSeconds ? formatDuration(shown.durationSeconds) : undefined,
        shown.usedBy > 0 ? DETAILS_COPY.usedBy(shown.usedBy) : undefined,
      ].filter(Boolean)
    : [];

  return (
    <ModalDialog open={shown !== undefined} onClose={onClose} labelledBy={headingId} className="media-details">
      {shown && (
        <>
          <h2 id={headingId} className="modal-dialog__title">
            {shown.originalName}
          </h2>
          <div className="media-details__preview">
            <Preview item={shown} />
          </div>
          <div className="media-details__facts">
            <MediaStatusBadge item={shown} />
            <span>{facts.join(' · ')}</span>
          </div>
          {shown.kind === 'image' && (
            <AltTextForm
              key={shown.id}
              item={shown}
              onSaved={(saved) => {
                setFresh(saved);
                onSaved();
              }}
            />
          )}
          <div className="modal-dialog__actions">
            <Button variant="ghost" onClick={() => onDelete(shown)}>
              {DETAILS_COPY.delete}
            </Button>
            <Button onClick={onClose}>{DETAILS_COPY.close}</Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
