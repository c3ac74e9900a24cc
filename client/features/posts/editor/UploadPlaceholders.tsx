/**
 * Watches the tab's upload queue for the editor: a finished upload's
 * placeholder becomes its picture (settle-uploads.ts), and screen readers
 * hear that it is in place, since the placeholder that spoke of its progress
 * is gone. Renders only that message.
 */
import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { EDITOR_UPLOAD_COPY } from '../../../content/editor.ts';
import { uploadQueue } from '../../media/uploads/upload-queue.ts';
import { settleUploads } from './settle-uploads.ts';

export function UploadPlaceholders({ editor }: { editor: Editor }) {
  const [placed, setPlaced] = useState<string>();
  useEffect(() => {
    const queue = uploadQueue();
    const settle = () => {
      if (editor.isDestroyed) return;
      const { transaction, placed: names } = settleUploads(editor.state, queue.getState().items);
      if (transaction) editor.view.dispatch(transaction);
      if (names.length > 0) setPlaced(names.map(EDITOR_UPLOAD_COPY.placed).join(' '));
    };
    settle();
    return queue.subscribe(settle);
  }, [editor]);
  return <LiveMessage tone="success">{placed}</LiveMessage>;
}
