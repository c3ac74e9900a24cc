/**
 * Step one of an import: where from (each source with where it makes its
 * export), the Ghost site's address when it is Ghost, and the file. "Check the
 * file" sends it for the dry run only (POST /api/imports as multipart), with
 * the upload's progress; a file over the limit is refused before anything is
 * sent, and the server's `invalid-import` words go under the file field.
 */
import { useId, useState } from 'react';
import { IMPORT_MAX_FILE_BYTES, IMPORT_SOURCES, createImport, type ImportSource, type ImportView } from '../../../../common/api/imports.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { IMPORT_COPY, SOURCE_GUIDES, importProblem, tooBig } from '../../../content/imports.ts';
import { ApiError, sendForm, type UploadProgress } from '../../../lib/api.ts';
import { formatBytes, percentOf } from '../../media/uploads/format.ts';
import { ImportFilePicker } from './ImportFilePicker.tsx';

type Field = 'sourceUrl' | 'file';

function ghostUrlProblem(value: string): string | undefined {
  if (!value.trim()) return IMPORT_COPY.ghostUrlMissing;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : IMPORT_COPY.ghostUrlInvalid;
  } catch {
    return IMPORT_COPY.ghostUrlInvalid;
  }
}

export function ImportUploadForm({ onChecked }: { onChecked: (view: ImportView) => void }) {
  const formId = useId();
  const ids = { sourceUrl: `${formId}-source-url`, file: `${formId}-file` };
  const [source, setSource] = useState<ImportSource>('substack');
  const [sourceUrl, setSourceUrl] = useState('');
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<UploadProgress>();
  const form = useFormSubmit<Field>({ fieldIds: ids, problemFor: (code) => ({ message: importProblem(code) }) });

  const chooseFile = (chosen: File) => {
    form.clearError('file');
    if (chosen.size > IMPORT_MAX_FILE_BYTES) {
      setFile(undefined);
      form.showErrors({ file: tooBig(formatBytes(IMPORT_MAX_FILE_BYTES)) });
      return;
    }
    setFile(chosen);
  };

  // Ghost's members CSV alone links to nothing on the old site: only its content export needs the address.
  const needsGhostUrl = source === 'ghost' && !file?.name.toLowerCase().endsWith('.csv');
  const check = () => ({
    sourceUrl: needsGhostUrl ? ghostUrlProblem(sourceUrl) : undefined,
    file: file ? undefined : IMPORT_COPY.noFile,
  });

  const send = async () => {
    if (!file) return;
    const body = new FormData();
    body.set('source', source);
    if (source === 'ghost' && sourceUrl.trim()) body.set('sourceUrl', sourceUrl.trim());
    body.set('file', file);
    setProgress({ sent: 0, total: file.size });
    try {
      const answer = await sendForm(createImport, { body, onProgress: setProgress });
      onChecked(answer.import);
    } catch (error) {
      // The server read the file and says what is wrong with it: that belongs under the file field.
      if (error instanceof ApiError && error.code === 'invalid-import') form.showErrors({ file: importProblem(error.code, error.detail) });
      else throw error;
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <form className="settings-form" noValidate onSubmit={form.handleSubmit({ check, send })}>
      <fieldset className="import-sources">
        <legend className="field__label">{IMPORT_COPY.sourceLegend}</legend>
        {IMPORT_SOURCES.map((option) => (
          <div key={option} className="import-sources__option">
            <input
              id={`${formId}-${option}`}
              type="radio"
              name={`${formId}-source`}
              value={option}
              checked={source === option}
              aria-describedby={`${formId}-${option}-where`}
              onChange={() => {
                setSource(option);
                form.clearError('sourceUrl');
              }}
            />
            <label htmlFor={`${formId}-${option}`} className="import-sources__name">
              {SOURCE_GUIDES[option].label}
            </label>
            <p id={`${formId}-${option}-where`} className="import-sources__where">
              {SOURCE_GUIDES[option].where}
            </p>
          </div>
        ))}
      </fieldset>

      {source === 'ghost' && (
        <FormField
          id={ids.sourceUrl}
          label={IMPORT_COPY.ghostUrlLabel}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://yourname.ghost.io"
          value={sourceUrl}
          hint={IMPORT_COPY.ghostUrlHint}
          error={form.errors.sourceUrl}
          onChange={(event) => {
            setSourceUrl(event.target.value);
            form.clearError('sourceUrl');
          }}
        />
      )}

      <ImportFilePicker id={ids.file} file={file} accept={SOURCE_GUIDES[source].accept} error={form.errors.file} onFile={chooseFile} />

      {progress && (
        <div className="import-upload">
          <progress className="import-upload__bar" max={progress.total} value={progress.sent} aria-label={IMPORT_COPY.uploadLabel} aria-valuetext={`${percentOf(progress.sent, progress.total)}%`} />
          <span className="import-upload__bytes">
            {formatBytes(progress.sent)} of {formatBytes(progress.total)}
          </span>
        </div>
      )}

      <LiveMessage tone="error">{form.message}</LiveMessage>
      <div className="settings-form__actions">
        <BusyButton type="submit" busy={form.busy}>
          {form.busy ? IMPORT_COPY.checking : IMPORT_COPY.check}
        </BusyButton>
      </div>
    </form>
  );
}
