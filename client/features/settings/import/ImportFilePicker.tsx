/**
 * The import's file field: a file dropped on it or chosen with its button
 * (the button is the control keyboard users reach and the one an error names;
 * the file input itself stays out of the tab order, as the media library's
 * drop zone does). It shows the chosen file's name and size.
 */
import { useRef } from 'react';
import { Button } from '../../../components/Button.tsx';
import { FieldError, describedBy } from '../../../components/FieldError.tsx';
import { useFileDrop } from '../../../components/useFileDrop.ts';
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

export function ImportFilePicker({ id, file, accept, error, onFile }: ImportFilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const { dragging, handlers } = useFileDrop((files) => onFile(files[0]!));
  const chosenId = `${id}-chosen`;

  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        {IMPORT_COPY.fileLabel}
      </span>
      <div
        className={`import-drop${dragging ? ' import-drop--active' : ''}${error ? ' import-drop--invalid' : ''}`}
        {...handlers}
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
