/**
 * The site's earlier imports (GET /api/imports), newest first: source, file,
 * date, status and what each made, with "Undo import" while it is allowed. A
 * list of small cards rather than a table, so it reads at 320 px.
 */
import { useId, useState } from 'react';
import type { ImportView } from '../../../../common/api/imports.ts';
import { IMPORT_COPY, SOURCE_GUIDES, STATUS_WORDS, resultSummary } from '../../../content/imports.ts';
import { formatDate } from '../../../content/members.ts';
import { UndoImportButton, canUndo } from './UndoImportButton.tsx';

export function EarlierImports({ imports, onUndone }: { imports: readonly ImportView[]; onUndone: (view: ImportView) => void }) {
  const headingId = useId();
  // When the page looked: an Undo whose window closes while it is open is refused by the server in plain words.
  const [now] = useState(() => Date.now());
  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title">
        {IMPORT_COPY.earlierTitle}
      </h2>
      {imports.length === 0 ? (
        <p className="settings-form__note">{IMPORT_COPY.earlierEmpty}</p>
      ) : (
        <ul className="import-history">
          {imports.map((view) => (
            <li key={view.id} className="import-history__item">
              <p className="import-history__head">
                <span className="import-history__source">{SOURCE_GUIDES[view.source].label}</span>
                <span className="import-history__file">{view.fileName}</span>
              </p>
              <p className="import-history__meta">
                {formatDate(view.createdAt)} · <span className={`import-status import-status--${view.status}`}>{STATUS_WORDS[view.status]}</span>
              </p>
              {view.status !== 'planned' && <p className="import-history__made">{resultSummary(view.result)}</p>}
              {canUndo(view, now) && <UndoImportButton view={view} accessibleName={`${IMPORT_COPY.undo}: ${view.fileName}`} onUndone={onUndone} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
