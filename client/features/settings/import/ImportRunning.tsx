/**
 * Step three: the import running in the queue. A progress bar with its values
 * for assistive technology, the phase and how far in words ("Copying
 * members… 12% done"), and a polite live region that says each new phase
 * once (not every percent, which would talk over everything else).
 */
import { useId } from 'react';
import { getImport, type ImportView } from '../../../../common/api/imports.ts';
import { IMPORT_COPY, SOURCE_GUIDES, phaseWords } from '../../../content/imports.ts';
import { percentOf } from '../../media/uploads/format.ts';
import { call } from '../../../lib/api.ts';
import { usePollWhile } from '../usePollWhile.ts';

const isRunning = (view: ImportView) => view.status === 'running';

export function ImportRunning({ view, onUpdate }: { view: ImportView; onUpdate: (view: ImportView) => void }) {
  const headingId = useId();
  // Every second, until it is done or stopped.
  const { lost } = usePollWhile({
    value: view,
    pending: isRunning,
    ask: (signal) => call(getImport, { params: { id: view.id }, signal }).then((answer) => answer.import),
    onAnswer: onUpdate,
    intervalMilliseconds: 1000,
  });
  const progress = view.progress ?? { phase: 'members' as const, done: 0, total: 0 };
  const percent = percentOf(progress.done, progress.total);
  const words = phaseWords(progress.phase, progress.total > 0 ? percent : undefined);
  return (
    <section className="settings-card import-step" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title" tabIndex={-1}>
        {IMPORT_COPY.runningTitle}
      </h2>
      <p className="settings-form__note">
        {SOURCE_GUIDES[view.source].label} · {view.fileName}
      </p>
      <div
        className="import-progress"
        role="progressbar"
        aria-label={IMPORT_COPY.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
      >
        <div className="import-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="import-progress__words">{words}</p>
      <p className="visually-hidden" role="status">
        {phaseWords(progress.phase)}
      </p>
      {lost && <p className="settings-form__note">{IMPORT_COPY.pollLost}</p>}
    </section>
  );
}
