/**
 * Turns finished uploads' placeholders into the media they made, and drops
 * the placeholders of uploads that were cancelled or are no longer in the
 * tab's queue, in one transaction kept out of the undo history (undo must
 * not bring back a placeholder whose upload is over). A pure function of the
 * editor's state and the queue's items, so it is tested without a browser.
 */
import type { EditorState, Transaction } from '@tiptap/pm/state';
import type { UploadItem } from '../../media/uploads/upload-queue-state.ts';
import { MEDIA, MEDIA_UPLOAD } from './extensions.ts';

export function settleUploads(state: EditorState, items: readonly UploadItem[]): { transaction: Transaction | null; placed: string[] } {
  const changes: { from: number; to: number; media?: { id: string; kind: string } }[] = [];
  const placed: string[] = [];
  state.doc.descendants((node, position) => {
    if (node.type.name !== MEDIA_UPLOAD) return true;
    const item = items.find((candidate) => candidate.key === node.attrs.key);
    const range = { from: position, to: position + node.nodeSize };
    if (item?.phase === 'done' && item.mediaId) {
      changes.push({ ...range, media: { id: item.mediaId, kind: item.kind } });
      placed.push(item.name);
    } else if (!item || item.phase === 'cancelled' || (item.phase === 'done' && !item.mediaId)) {
      changes.push(range);
    }
    return false;
  });
  if (changes.length === 0) return { transaction: null, placed };
  const transaction = state.tr;
  // From the end, so the earlier positions stay true.
  for (const change of changes.reverse()) {
    if (change.media) transaction.replaceWith(change.from, change.to, state.schema.nodes[MEDIA]!.create({ ...change.media, caption: '', alt: '' }));
    else transaction.delete(change.from, change.to);
  }
  transaction.setMeta('addToHistory', false);
  return { transaction, placed };
}
