/**
 * The import's file field: a file dropped on it or chosen with its button
 * (the button is the control keyboard users reach and the one an error names;
 * the file input itself stays out of the tab order, as the media library's
 * drop zone does). It shows the chosen file's name and size.
 */
import { useRef, useState, type DragEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { FieldError, describedBy } from '../../../components/FieldError.tsx';
import { IMPORT_COPY } from '../../../content/imports.ts';
import { formatBytes } from '../../media/uploads/format.ts';

interface ImportFilePickerProps {
  /** The button's id: the field's label and error point at it. */
  id: string;
  file: File | undefined;
  accept: string;
  error: string | undefined;
  onFile: (file: File) => void;
}

function carriesFiles(event: DragEvent) {
  return event.dataTransfer.types.includes('Files');
}

export function ImportFilePicker({ id, file, accept, error, onFile }: ImportFilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // dragenter and dragleave also fire for the zone's children: counted so the highlight does not flicker.
  const depth = useRef(0);
  const chosenId = `${id}-chosen`;

  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        {IMPORT_COPY.fileLabel}
      </span>
      <div
        className={`import-drop${dragging ? ' import-drop--active' : ''}${error ? ' import-drop--invalid' : ''}`}
        onDragEnter={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          depth.current += 1;
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          depth.current = 0;
          setDragging(false);
          const dropped = event.dataTransfer.files[0];
          if (dropped) onFile(dropped);
        }}
      >
        <span className="import-drop__hint">{IMPORT_COPY.dropHint}</span>
        <Button
          id={id}
          variant="secondary"
          aria-labelledby={`${id}-label ${id}`}
          aria-describedby={[file ? chosenId : undefined, describedBy(id, { error })].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          onClick={() => input.current?.click()}
        >
          {IMPORT_COPY.chooseFile}
        </Button>
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          accept={accept}
          tabIndex={-1}
          aria-hidden="true"
          data-testid="import-file-input"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            // Cleared, so choosing the same file again (after a refusal) still reports a change.
            event.currentTarget.value = '';
            if (chosen) onFile(chosen);
          }}
        />
        {file && (
          <p id={chosenId} className="import-drop__file">
            <span className="import-drop__name">{file.name}</span> <span className="import-drop__size">({formatBytes(file.size)})</span>
          </p>
        )}
      </div>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
