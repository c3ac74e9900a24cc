/**
 * Picks one ready image of the creator's media library to attach to a reply.
 * Only the site's own media is listed, and the server checks it again.
 */
import { useId } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import { Button } from '../../../components/Button.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { MEDIA_PICKER } from '../../../content/messages.ts';
import { call } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';

export interface PickedImage {
  id: string;
  name: string;
  url: string;
  alt: string;
}

export function MediaPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (image: PickedImage) => void }) {
  const headingId = useId();
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={headingId} className="media-picker">
      <h2 id={headingId} className="modal-dialog__title">
        {MEDIA_PICKER.title}
      </h2>
      {/* Loaded each time the picker opens, so an image uploaded meanwhile is there. */}
      {open && <ImageChoices onPick={onPick} />}
      <div className="modal-dialog__actions">
        <Button type="button" variant="secondary" onClick={onClose}>
          {MEDIA_PICKER.cancel}
        </Button>
      </div>
    </ModalDialog>
  );
}

function ImageChoices({ onPick }: { onPick: (image: PickedImage) => void }) {
  const { loaded, reload } = useLoad((signal) => call(mediaApi.listMedia, { query: { kind: 'image', status: 'ready' }, signal }));
  if (loaded.state === 'loading') return <Loading>{MEDIA_PICKER.loading}</Loading>;
  if (loaded.state === 'failed') return <LoadFailed message={MEDIA_PICKER.loadFailed} onRetry={reload} />;
  if (loaded.data.media.length === 0) return <p>{MEDIA_PICKER.empty}</p>;
  return (
    <ul className="media-picker__grid">
      {loaded.data.media.map((item) => {
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
  );
}
