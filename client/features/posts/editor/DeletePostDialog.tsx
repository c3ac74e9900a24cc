/** "Delete this post?": the editor's confirmation, which deletes the post and says why when the server refuses. */
import { useState } from 'react';
import * as postsApi from '../../../../common/api/posts.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { DELETE_POST, postProblemMessage } from '../../../content/posts.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { Dialog } from './Dialog.tsx';

interface DeletePostDialogProps {
  open: boolean;
  post: postsApi.Post | null;
  /** The title as typed, which may not be saved yet. */
  title: string;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeletePostDialog({ open, post, title, onClose, onDeleted }: DeletePostDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();

  const confirmDelete = async () => {
    if (!post) return;
    setDeleting(true);
    setDeleteError(undefined);
    try {
      await call(postsApi.deletePost, { params: { id: post.id } });
      onDeleted();
    } catch (error) {
      setDeleteError(postProblemMessage(toErrorCode(error)));
      setDeleting(false);
    }
  };

  return (
    <Dialog open={open} title={DELETE_POST.title} onClose={onClose}>
      <p className="dialog__text">{DELETE_POST.warning(title, post?.status === 'published')}</p>
      <LiveMessage tone="error">{deleteError}</LiveMessage>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {DELETE_POST.cancel}
        </Button>
        <BusyButton className="button--danger" busy={deleting} onClick={() => void confirmDelete()}>
          {DELETE_POST.confirm}
        </BusyButton>
      </div>
    </Dialog>
  );
}
