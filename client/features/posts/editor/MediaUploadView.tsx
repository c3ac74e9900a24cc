/**
 * A file uploading into the post, in the place it will take: its name, a
 * progress bar and a status that screen readers hear as the upload starts,
 * stalls, fails or ends (the percentage is the bar's, read on demand, not
 * announced at every step). A failed upload offers to try again from where
 * it stopped, or to remove the placeholder. UploadPlaceholders swaps the
 * placeholder for the picture once the upload is done.
 */
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { EDITOR_UPLOAD_COPY } from '../../../content/editor.ts';
import { percentOf } from '../../media/uploads/format.ts';
import { useUploadQueue } from '../../media/uploads/useUploadQueue.ts';

export function MediaUploadView({ node, deleteNode, selected }: ReactNodeViewProps) {
  const { queue, state } = useUploadQueue();
  const key = String(node.attrs.key);
  const name = String(node.attrs.name);
  const item = state.items.find((candidate) => candidate.key === key);
  const percent = item ? percentOf(item.bytesSent, item.bytesTotal) : 0;
  const failed = item?.phase === 'failed';
  const status = !item
    ? ''
    : failed
      ? `${EDITOR_UPLOAD_COPY.failed(name)} ${item.error ?? ''}`.trim()
      : item.phase === 'retrying'
        ? EDITOR_UPLOAD_COPY.retrying(name)
        : item.phase === 'paused'
          ? EDITOR_UPLOAD_COPY.paused(name)
          : EDITOR_UPLOAD_COPY.uploading(name);

  return (
    <NodeViewWrapper className={`upload-node${selected ? ' upload-node--selected' : ''}${failed ? ' upload-node--failed' : ''}`} data-upload-key={key}>
      <div className="upload-node__body" contentEditable={false}>
        <span className="upload-node__name">{name}</span>
        <progress className="upload-node__bar" max={100} value={percent} aria-label={EDITOR_UPLOAD_COPY.progressLabel(name)}>
          {percent}%
        </progress>
        {/* Two regions that keep their roles: a region whose role changes as its message appears is not reliably announced. */}
        <div className="upload-node__status" role="status">
          {!failed && status}
          {!failed && item && <span aria-hidden="true"> · {percent}%</span>}
        </div>
        <div className="upload-node__status upload-node__status--failed" role="alert">
          {failed && status}
        </div>
        {failed && (
          <div className="upload-node__actions">
            <button type="button" className="node-remove" onClick={() => queue.resume(key)}>
              {EDITOR_UPLOAD_COPY.tryAgain}
            </button>
            <button
              type="button"
              className="node-remove"
              onClick={() => {
                queue.cancel(key);
                deleteNode();
              }}
              aria-label={`${EDITOR_UPLOAD_COPY.remove} ${name}`}
            >
              {EDITOR_UPLOAD_COPY.remove}
            </button>
          </div>
        )}
      </div>
    </NodeViewWrapper>
  );
}
