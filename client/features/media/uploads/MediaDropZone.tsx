/**
 * Where files enter the upload queue: dropped anywhere on the zone, or chosen
 * with the "Choose files" button, which keyboard and screen-reader users reach
 * like any button (the file input itself stays out of the tab order).
 */
import { useId, useRef } from 'react';
import { Button } from '../../../components/Button.tsx';
import { useFileDrop } from '../../../components/useFileDrop.ts';
import { MEDIA_PAGE } from '../../../content/media.ts';
import { formatBytes } from './format.ts';
import { ACCEPT_ATTRIBUTE } from './upload-checks.ts';
import './media-drop-zone.css';

interface MediaDropZoneProps {
  onFiles: (files: File[]) => void;
  maxBytes: number;
}

export function MediaDropZone({ onFiles, maxBytes }: MediaDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const { dragging, handlers } = useFileDrop(onFiles);
  const hintId = useId();

  return (
    <div
      className={`media-drop-zone${dragging ? ' media-drop-zone--active' : ''}`}
      {...handlers}
    >
      <svg className="media-drop-zone__icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
        <path d="M12 16V4m0 0L7 9m5-5 5 5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="media-drop-zone__text">{MEDIA_PAGE.dropHint}</p>
      <Button aria-describedby={hintId} onClick={() => input.current?.click()}>
        {MEDIA_PAGE.chooseFiles}
      </Button>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="media-file-input"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared, so choosing the same file again (after a refusal, say) still reports a change.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <p id={hintId} className="media-drop-zone__hint">
        {MEDIA_PAGE.accepted}, up to {formatBytes(maxBytes)} each.
      </p>
    </div>
  );
}
