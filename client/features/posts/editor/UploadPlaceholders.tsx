/**
 * Watches the tab's upload queue for the editor: a finished upload's
 * placeholder becomes its picture (settle-uploads.ts). Screen readers hear
 * from one region that stays in the page that an upload began (a region
 * that arrives with its words, as a new placeholder's does, is not reliably
 * read) and that its picture is in place (its placeholder is gone by then).
 * Renders only that message.
 */
import type { Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { EDITOR_UPLOAD_COPY } from '../../../content/editor.ts';
import { uploadQueue } from '../../media/uploads/upload-queue.ts';
import { MEDIA_UPLOAD } from './extensions.ts';
import { settleUploads } from './settle-uploads.ts';

export function UploadPlaceholders({ editor }: { editor: Editor }) {
  const [said, setSaid] = useState<string>();
  const announced = useRef(new Set<string>());
  useEffect(() => {
    const queue = uploadQueue();
    const settle = () => {
      if (editor.isDestroyed) return;
      const started: string[] = [];
      editor.state.doc.descendants((node) => {
        if (node.type.name !== MEDIA_UPLOAD) return true;
        const key = String(node.attrs.key);
        if (!announced.current.has(key)) {
          announced.current.add(key);
          started.push(EDITOR_UPLOAD_COPY.uploading(String(node.attrs.name)));
        }
        return false;
      });
      const { transaction, placed } = settleUploads(editor.state, queue.getState().items);
      if (transaction) editor.view.dispatch(transaction);
      const words = [...started, ...placed.map(EDITOR_UPLOAD_COPY.placed)];
      if (words.length > 0) setSaid(words.join(' '));
    };
    settle();
    editor.on('update', settle);
    const unsubscribe = queue.subscribe(settle);
    return () => {
      editor.off('update', settle);
      unsubscribe();
    };
  }, [editor]);
  return <LiveMessage>{said}</LiveMessage>;
}
