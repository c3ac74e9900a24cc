/**
 * A media item inside the editor: its preview (fetched by id, since media URLs
 * are signed and short-lived and never stored in the post), a caption and a
 * remove button. Readers get the real player or picture from the public site.
 */
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import type { MediaKind } from '../../../../common/media.ts';
import { call } from '../../../lib/api.ts';
import { MEDIA_KIND_LABELS } from './editor-copy.ts';
import { MediaThumbnail } from './MediaThumbnail.tsx';

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; item: mediaApi.MediaItem };

export function MediaNodeView({ node, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const id = String(node.attrs.id);
  const kind = node.attrs.kind as MediaKind;
  const caption = String(node.attrs.caption ?? '');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const captionId = useId();

  useEffect(() => {
    const controller = new AbortController();
    call(mediaApi.getMedia, { params: { id }, signal: controller.signal })
      .then(({ media }) => setLoaded({ state: 'ready', item: media }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'missing' });
      });
    return () => controller.abort();
  }, [id]);

  const name = loaded.state === 'ready' ? loaded.item.originalName : MEDIA_KIND_LABELS[kind];
  return (
    <NodeViewWrapper className={`media-node${selected ? ' media-node--selected' : ''}`} data-drag-handle="">
      <div className="media-node__preview" contentEditable={false}>
        {loaded.state === 'ready' ? <MediaThumbnail item={loaded.item} /> : <span className="media-node__placeholder">{MEDIA_KIND_LABELS[kind]}</span>}
        <div className="media-node__about">
          <span className="media-node__kind">{MEDIA_KIND_LABELS[kind]}</span>
          <span className="media-node__name">{name}</span>
          {loaded.state === 'missing' && <span className="media-node__problem">Preview unavailable: the item may have been deleted.</span>}
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
