/**
 * Picks one ready image of the creator's media library to attach to a reply.
 * Only the site's own media is listed, and the server checks it again.
 */
import { useEffect, useId, useState } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import { Button } from '../../../components/Button.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { call } from '../../../lib/api.ts';

export interface PickedImage {
  id: string;
  name: string;
  url: string;
  alt: string;
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; items: mediaApi.MediaItem[] };

export function MediaPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (image: PickedImage) => void }) {
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    call(mediaApi.listMedia, { query: { kind: 'image', status: 'ready' }, signal: controller.signal })
      .then((answer) => setLoaded({ state: 'ready', items: answer.media }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      });
    return () => controller.abort();
  }, [open, attempt]);

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={headingId} className="media-picker">
      <h2 id={headingId} className="modal-dialog__title">
        Attach an image
      </h2>
      {loaded.state === 'loading' && <Loading>Loading your images…</Loading>}
      {loaded.state === 'failed' && (
        <LoadFailed
          message="Your images could not be loaded."
          onRetry={() => {
            setLoaded({ state: 'loading' });
            setAttempt((value) => value + 1);
          }}
        />
      )}
      {loaded.state === 'ready' &&
        (loaded.items.length === 0 ? (
          <p>No images yet. Upload one under Upload content → Media, then attach it here.</p>
        ) : (
          <ul className="media-picker__grid">
            {loaded.items.map((item) => {
              const url = item.urls.thumbnail ?? item.urls.original;
              return (
                <li key={item.id}>
                  <button type="button" className="media-picker__item" onClick={() => onPick({ id: item.id, name: item.originalName, url, alt: item.alt })}>
                    <img src={url} alt="" width="96" height="96" />
                    <span>{item.alt || item.originalName}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ))}
      <div className="modal-dialog__actions">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </ModalDialog>
  );
}
