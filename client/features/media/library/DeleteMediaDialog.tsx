/**
 * Confirms a delete. The server refuses while a post uses the item (409
 * `media-in-use`); that refusal is shown in the dialog in words the creator can
 * act on. Focus starts on "Keep it", the safe choice: showModal focuses the
 * first control.
 */
import { useId, useState } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import type { MediaItem } from '../../../../common/api/media.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { ModalDialog } from '../../../components/ModalDialog.tsx';
import { DELETE_COPY } from '../../../content/media.ts';
import { call, toErrorCode } from '../../../lib/api.ts';

interface DeleteMediaDialogProps {
  item: MediaItem | undefined;
  onClose: () => void;
  /** After the delete, with the words to announce. */
  onDeleted: (message: string) => void;
}

export function DeleteMediaDialog({ item, onClose, onDeleted }: DeleteMediaDialogProps) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const close = () => {
    setProblem(undefined);
    onClose();
  };

  const confirm = async () => {
    if (!item || busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await call(mediaApi.deleteMedia, { params: { id: item.id } });
      close();
      onDeleted(DELETE_COPY.deleted(item.originalName));
    } catch (error) {
      const code = toErrorCode(error);
      if (code === 'not-found') {
        close();
        onDeleted(DELETE_COPY.notFound);
      } else {
        setProblem(code === 'media-in-use' ? DELETE_COPY.inUse : DELETE_COPY.failed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog open={item !== undefined} onClose={close} labelledBy={headingId} alert className="media-delete">
      {item && (
        <>
          <h2 id={headingId} className="modal-dialog__title">
            {DELETE_COPY.title(item.originalName)}
          </h2>
          <p>{DELETE_COPY.body}</p>
          <LiveMessage tone="error">{problem}</LiveMessage>
          <div className="modal-dialog__actions">
            {/* First in the dialog, so it takes the focus when the dialog opens: the safe choice. */}
            <Button variant="secondary" onClick={close}>
              {DELETE_COPY.cancel}
            </Button>
            <BusyButton className="button--danger" busy={busy} onClick={() => void confirm()}>
              {DELETE_COPY.confirm}
            </BusyButton>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
