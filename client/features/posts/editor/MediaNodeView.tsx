/**
 * A media item inside the editor, fetched by id (media URLs are signed and
 * short-lived and never stored in the post). A picture shows as readers will
 * see it: the image itself across the text's width, never wider than it is,
 * with its alt text edited in place (kept on the node: the site and the mail
 * use it, else the library's alt). Other kinds show a card; readers get the
 * real player from the public site. Every item has a caption and a remove
 * button. An item still processing (a fresh upload) is looked at again until
 * it is ready.
 */
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { useEffect, useId } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import { MEDIA_ALT_MAX_LENGTH, type MediaKind } from '../../../../common/media.ts';
import { call } from '../../../lib/api.ts';
import { useLoadFor } from '../../../lib/useLoadFor.ts';
import { EDITOR_UPLOAD_COPY, MEDIA_KIND_LABELS } from '../../../content/editor.ts';
import { MediaThumbnail } from './MediaThumbnail.tsx';

/** How long a processing item waits before it is looked at again. */
const PROCESSING_RECHECK_MS = 2000;
/** The text column's width (editor-frame.css), for the browser's choice among the picture's sizes. */
const PICTURE_SIZES = '(min-width: 46rem) 42rem, calc(100vw - 2rem)';

function Picture({ item, alt }: { item: mediaApi.MediaItem; alt: string }) {
  const variants = item.urls.images ?? [];
  const source = variants.at(-1)?.url ?? item.urls.original;
  return (
    <img
      className="media-node__picture"
      src={source}
      srcSet={variants.length > 0 ? variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') : undefined}
      sizes={variants.length > 0 ? PICTURE_SIZES : undefined}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      alt={alt || item.alt}
    />
  );
}

export function MediaNodeView({ node, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const id = String(node.attrs.id);
  const kind = node.attrs.kind as MediaKind;
  const caption = String(node.attrs.caption ?? '');
  const alt = String(node.attrs.alt ?? '');
  // A failed look (deleted, or not reached) shows the item as missing.
  const { loaded, reload } = useLoadFor(id, (asked, signal) => call(mediaApi.getMedia, { params: { id: asked }, signal }).then((answer) => answer.media));
  const captionId = useId();
  const altId = useId();
  const processing = loaded.state === 'ready' && (loaded.data.status === 'uploading' || loaded.data.status === 'processing');
  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(reload, PROCESSING_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [processing, reload]);

  const name = loaded.state === 'ready' ? loaded.data.originalName : MEDIA_KIND_LABELS[kind];
  const picture = kind === 'image' && loaded.state === 'ready' && loaded.data.status === 'ready' ? loaded.data : undefined;
  return (
    <NodeViewWrapper className={`media-node${picture ? ' media-node--picture' : ''}${selected ? ' media-node--selected' : ''}`} data-drag-handle="">
      {picture ? (
        <div className="media-node__figure" contentEditable={false}>
          <Picture item={picture} alt={alt} />
          <button type="button" className="node-remove media-node__remove" onClick={deleteNode} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      ) : (
        <div className="media-node__preview" contentEditable={false}>
          {loaded.state === 'ready' ? <MediaThumbnail item={loaded.data} /> : <span className="media-node__placeholder">{MEDIA_KIND_LABELS[kind]}</span>}
          <div className="media-node__about">
            <span className="media-node__kind">{MEDIA_KIND_LABELS[kind]}</span>
            <span className="media-node__name">{name}</span>
            {processing && <span className="media-node__note">{EDITOR_UPLOAD_COPY.processing}</span>}
            {loaded.state === 'failed' && <span className="media-node__problem">Preview unavailable: the item may have been deleted.</span>}
          </div>
          <button type="button" className="node-remove" onClick={deleteNode} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      )}
      {kind === 'image' && (
        <div className="media-node__alt">
          <label htmlFor={altId} className="media-node__alt-label">
            {EDITOR_UPLOAD_COPY.altLabel}
          </label>
          <input
            id={altId}
            className="media-node__alt-input"
            placeholder={(loaded.state === 'ready' && loaded.data.alt) || EDITOR_UPLOAD_COPY.altPlaceholder}
            value={alt}
            maxLength={MEDIA_ALT_MAX_LENGTH}
            onChange={(event) => updateAttributes({ alt: event.target.value })}
          />
        </div>
      )}
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
