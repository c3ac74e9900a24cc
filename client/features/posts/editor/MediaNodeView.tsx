/**
 * A media item inside the editor: its preview (fetched by id, since media URLs
 * are signed and short-lived and never stored in the post), a caption and a
 * remove button. Readers get the real player or picture from the public site.
 */
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { useId } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import type { MediaKind } from '../../../../common/media.ts';
import { call } from '../../../lib/api.ts';
import { useLoadFor } from '../../../lib/useLoadFor.ts';
import { MEDIA_KIND_LABELS } from '../../../content/editor.ts';
import { MediaThumbnail } from './MediaThumbnail.tsx';

export function MediaNodeView({ node, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const id = String(node.attrs.id);
  const kind = node.attrs.kind as MediaKind;
  const caption = String(node.attrs.caption ?? '');
  // A failed look (deleted, or not reached) shows the item as missing.
  const { loaded } = useLoadFor(id, (asked, signal) => call(mediaApi.getMedia, { params: { id: asked }, signal }).then((answer) => answer.media));
  const captionId = useId();

  const name = loaded.state === 'ready' ? loaded.data.originalName : MEDIA_KIND_LABELS[kind];
  return (
    <NodeViewWrapper className={`media-node${selected ? ' media-node--selected' : ''}`} data-drag-handle="">
      <div className="media-node__preview" contentEditable={false}>
        {loaded.state === 'ready' ? <MediaThumbnail item={loaded.data} /> : <span className="media-node__placeholder">{MEDIA_KIND_LABELS[kind]}</span>}
        <div className="media-node__about">
          <span className="media-node__kind">{MEDIA_KIND_LABELS[kind]}</span>
          <span className="media-node__name">{name}</span>
          {loaded.state === 'failed' && <span className="media-node__problem">Preview unavailable: the item may have been deleted.</span>}
        </div>
        <button type="button" className="node-remove" onClick={deleteNode} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </div>
      <label htmlFor={captionId} className="visually-hidden">
        Caption of {name}
      </label>
      <input
        id={captionId}
        className="media-node__caption"
        placeholder="Add a caption (optional)"
        value={caption}
        maxLength={500}
        onChange={(event) => updateAttributes({ caption: event.target.value })}
      />
    </NodeViewWrapper>
  );
}
