/**
 * Chooses an item of the media library (GET /api/media) for the body or the
 * cover, or (for the body) uploads a new one from the device, which the
 * editor then shows uploading in place. Failed items cannot be chosen; items
 * still processing can, since the post shows them once they are ready.
 */
import { useId, useMemo, useRef, useState } from 'react';
import * as mediaApi from '../../../../common/api/media.ts';
import { ACCEPTED_MEDIA_TYPES, type MediaKind } from '../../../../common/media.ts';
import { useLatestLoad } from '../../../app/useLatestLoad.ts';
import { Button } from '../../../components/Button.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { call } from '../../../lib/api.ts';
import { Dialog } from './Dialog.tsx';
import { EDITOR_UPLOAD_COPY, MEDIA_KIND_ACCEPTED, MEDIA_KIND_LABELS, MEDIA_KIND_PLURALS } from '../../../content/editor.ts';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { formatBytes } from '../../media/uploads/format.ts';
import { useUploadMaxBytes } from '../../media/uploads/useUploadMaxBytes.ts';
import { MediaThumbnail } from './MediaThumbnail.tsx';
import { intakeRefusal } from './upload-intake.ts';

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 250;

/** Resolves after the pause, or rejects at once when the search is aborted (a newer keystroke, or the dialog closed). */
function pause(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, SEARCH_DELAY_MS);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('The search changed', 'AbortError'));
    });
  });
}

interface MediaPickerProps {
  kind: MediaKind | undefined;
  title: string;
  onPick: (item: mediaApi.MediaItem) => void;
  /** Given where a new upload may be placed (the body): the files chosen on the device, every one of them fit for `kind`. */
  onUpload?: ((files: File[]) => void) | undefined;
  onClose: () => void;
}

export function MediaPicker({ kind, title, onPick, onUpload, onClose }: MediaPickerProps) {
  return (
    <Dialog open={kind !== undefined} title={title} onClose={onClose} className="dialog--wide">
      {kind && onUpload && <UploadChoice kind={kind} onUpload={onUpload} />}
      {kind && <MediaChoices kind={kind} onPick={onPick} onClose={onClose} />}
    </Dialog>
  );
}

/** The upload beside the library: a button (the file input stays out of the tab order), what it takes in words, and why a chosen file was refused. */
function UploadChoice({ kind, onUpload }: { kind: MediaKind; onUpload: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const maxBytes = useUploadMaxBytes();
  const [refused, setRefused] = useState<string>();
  const hintId = useId();
  const accept = Object.entries(ACCEPTED_MEDIA_TYPES)
    .filter(([, typeKind]) => typeKind === kind)
    .map(([type]) => type)
    .join(',');
  return (
    <div className="media-picker__upload">
      <Button variant="secondary" aria-describedby={hintId} onClick={() => input.current?.click()}>
        {EDITOR_UPLOAD_COPY.chooseUpload}
      </Button>
      <p id={hintId} className="media-picker__hint">
        {EDITOR_UPLOAD_COPY.uploadHint(MEDIA_KIND_ACCEPTED[kind], formatBytes(maxBytes))}
      </p>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        multiple
        accept={accept}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="editor-upload-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared, so choosing the same file again after a refusal still reports a change.
          event.currentTarget.value = '';
          const refusals = files.flatMap((file) => intakeRefusal(file, kind, maxBytes) ?? []);
          setRefused(refusals.length > 0 ? refusals.join(' ') : undefined);
          if (files.length > 0 && refusals.length === 0) onUpload(files);
        }}
      />
      <LiveMessage tone="error">{refused}</LiveMessage>
    </div>
  );
}

function MediaChoices({ kind, onPick, onClose }: { kind: MediaKind; onPick: MediaPickerProps['onPick']; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const search = useMemo(() => ({ kind, query }), [kind, query]);
  // The last answer stays shown while the next search is on its way.
  const found = useLatestLoad(search, (asked, signal) =>
    pause(signal).then(() => call(mediaApi.listMedia, { query: { kind: asked.kind, q: asked.query.trim() || undefined }, signal })),
  );
  const loaded = found.failed ? { state: 'failed' as const } : found.ready ? { state: 'ready' as const, media: found.ready.data.media } : { state: 'loading' as const };

  return (
    <>
      <div className="field">
        <label htmlFor={searchId} className="field__label">
          Search {MEDIA_KIND_PLURALS[kind]}
        </label>
        <input id={searchId} type="search" className="field__input" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      <div className="media-picker__results" aria-live="polite">
        {loaded.state === 'loading' && (
          <p className="media-picker__state">
            <Spinner size="sm" /> Loading your library…
          </p>
        )}
        {loaded.state === 'failed' && (
          <div className="media-picker__state">
            <p>Your media library could not be loaded.</p>
            <Button variant="secondary" onClick={found.reload}>
              Try again
            </Button>
          </div>
        )}
        {loaded.state === 'ready' && loaded.media.length === 0 && (
          <div className="media-picker__state">
            <p>{query.trim() ? `No ${MEDIA_KIND_PLURALS[kind]} match “${query.trim()}”.` : `No ${MEDIA_KIND_PLURALS[kind]} in your library yet.`}</p>
            <a href="/upload/media" target="_blank" rel="noopener">
              Upload in Media (opens in a new tab)
            </a>
          </div>
        )}
        {loaded.state === 'ready' && loaded.media.length > 0 && (
          <ul className="media-picker__grid">
            {loaded.media.map((item) => (
              <li key={item.id}>
                <button type="button" className="media-picker__item" disabled={item.status === 'failed'} onClick={() => onPick(item)}>
                  <MediaThumbnail item={item} />
                  <span className="media-picker__name">{item.originalName}</span>
                  <span className="media-picker__status">{item.status === 'ready' ? MEDIA_KIND_LABELS[item.kind] : item.status === 'failed' ? 'Failed' : 'Processing'}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </>
  );
}
