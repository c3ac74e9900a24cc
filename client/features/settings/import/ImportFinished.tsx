/**
 * Step four: a run that ended. Done: what it made, the problems met while
 * running, links to the posts and the members, and "Undo import" while the
 * window is open. Stopped: why, in plain words. Undone: said so. Each offers
 * another import.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { UNDO_KEPT_WHERE, type ImportView } from '../../../../common/api/imports.ts';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { IMPORT_COPY, SOURCE_GUIDES, doneSummary, resultLines, undoUntilWords } from '../../../content/imports.ts';
import { formatDate } from '../../../content/members.ts';
import { ImportProblems } from './ImportProblems.tsx';
import { UndoImportButton, canUndo } from './UndoImportButton.tsx';

interface ImportFinishedProps {
  view: ImportView;
  onUndone: (view: ImportView) => void;
  onAnotherFile: () => void;
}

function titleOf(view: ImportView): string {
  if (view.status === 'failed') return IMPORT_COPY.failedTitle;
  if (view.status === 'undone') return IMPORT_COPY.undoneTitle;
  return IMPORT_COPY.doneTitle;
}

function outcome(view: ImportView, made: readonly string[]): string {
  if (view.status === 'failed') return view.failure ?? IMPORT_COPY.failedTitle;
  if (view.status === 'undone') return IMPORT_COPY.undone;
  return doneSummary(made);
}

export function ImportFinished({ view, onUndone, onAnotherFile }: ImportFinishedProps) {
  const headingId = useId();
  const made = view.result ? resultLines(view.result) : [];
  const [now] = useState(() => Date.now());
  return (
    <section className="settings-card import-step" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title" tabIndex={-1}>
        {titleOf(view)}
      </h2>
      <p className="settings-form__note">
        {SOURCE_GUIDES[view.source].label} · {view.fileName}
      </p>
      <LiveMessage tone={view.status === 'failed' ? 'error' : 'success'} assertive={false}>
        {outcome(view, made)}
      </LiveMessage>
      <ImportProblems title={IMPORT_COPY.undoKeptTitle} problems={view.problems.filter((problem) => problem.where === UNDO_KEPT_WHERE)} />
      <ImportProblems title={IMPORT_COPY.runProblemsTitle} problems={view.problems.filter((problem) => problem.where !== UNDO_KEPT_WHERE)} />
      {view.status !== 'undone' && (
        <p className="import-links">
          <Link to="/upload">{IMPORT_COPY.seePosts}</Link>
          <Link to="/subscribers">{IMPORT_COPY.seeMembers}</Link>
        </p>
      )}
      {canUndo(view, now) && (
        <div className="import-undo">
          <UndoImportButton view={view} onUndone={onUndone} />
          <span className="settings-form__note">{undoUntilWords(formatDate(view.undoUntil))}</span>
        </div>
      )}
      <div className="import-actions">
        <Button onClick={onAnotherFile}>{IMPORT_COPY.another}</Button>
      </div>
    </section>
  );
}
