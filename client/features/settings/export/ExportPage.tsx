/**
 * /settings/export (DESIGN.md "Move in, move out"): one .zip of the whole site
 * that another site on this platform imports. "Export my site" queues it
 * (POST /api/exports); the page asks how it is going every two seconds until
 * it is ready, then offers the download; earlier exports stand below. An
 * export already being made (another tab, a reload) is picked up.
 */
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { createExport, getExport, listExports, type ExportView } from '../../../../common/api/exports.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { useLatestLoad } from '../../../app/useLatestLoad.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { EXPORT_COPY, EXPORT_STATUS_WORDS, exportProblem, readyWords } from '../../../content/exports.ts';
import { formatDate } from '../../../content/members.ts';
import { call } from '../../../lib/api.ts';
import { useMySite } from '../../sites/useMySite.ts';
import { usePollWhile } from '../usePollWhile.ts';
import { ExportDownloadButton } from './ExportDownloadButton.tsx';
import '../general/settings.css';
import './export-page.css';

const isBeingMade = (view: ExportView) => view.status === 'queued' || view.status === 'running';

function CurrentExport({ view, onAnswer }: { view: ExportView; onAnswer: (view: ExportView) => void }) {
  const { lost } = usePollWhile({
    value: view,
    pending: isBeingMade,
    ask: (signal) => call(getExport, { params: { id: view.id }, signal }).then((answer) => answer.export),
    onAnswer,
    intervalMilliseconds: 2000,
  });
  const said = isBeingMade(view) ? EXPORT_COPY.working : view.status === 'failed' ? (view.failure ?? EXPORT_COPY.failed) : undefined;
  return (
    <div className="export-current">
      <LiveMessage tone={view.status === 'failed' ? 'error' : 'info'} assertive={false}>
        {said}
      </LiveMessage>
      {isBeingMade(view) && (
        <p className="export-current__busy">
          <Spinner size="sm" /> {EXPORT_STATUS_WORDS[view.status]}
        </p>
      )}
      {lost && <p className="settings-form__note">{EXPORT_COPY.pollLost}</p>}
      {view.status === 'ready' && (
        <>
          <p className="export-current__ready">{readyWords(formatDate(view.finishedAt ?? view.createdAt))}</p>
          <ExportDownloadButton view={view} />
        </>
      )}
    </div>
  );
}

function EarlierExports({ exports }: { exports: readonly ExportView[] }) {
  const headingId = useId();
  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title">
        {EXPORT_COPY.earlierTitle}
      </h2>
      {exports.length === 0 ? (
        <p className="settings-form__note">{EXPORT_COPY.earlierEmpty}</p>
      ) : (
        <ul className="export-history">
          {exports.map((view) => (
            <li key={view.id} className="export-history__item">
              <span className="export-history__meta">
                {formatDate(view.createdAt)} · {EXPORT_STATUS_WORDS[view.status]}
              </span>
              {view.status === 'ready' && <ExportDownloadButton view={view} accessibleName={`Download the export of ${formatDate(view.createdAt)}`} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Exporter() {
  const [version, setVersion] = useState(0);
  const list = useLatestLoad(version, (_version, signal) => call(listExports, { signal }));
  // undefined until the creator starts one: then an export still being made, if any, is the one shown.
  const [chosen, setChosen] = useState<ExportView>();
  const current = chosen ?? list.ready?.data.exports.find(isBeingMade);
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: exportProblem(code) }) });
  const headingId = useId();
  const earlier = list.ready?.data.exports.filter((view) => view.id !== current?.id) ?? [];

  const onAnswer = useCallback((view: ExportView) => {
    setChosen(view);
    if (!isBeingMade(view)) setVersion((count) => count + 1);
  }, []);
  const start = () =>
    void form.run(async () => {
      const answer = await call(createExport);
      setChosen(answer.export);
      setVersion((count) => count + 1);
    });

  if (!list.ready) {
    if (list.failed) return <LoadFailed message={exportProblem(list.failed.code)} onRetry={list.reload} />;
    return <Loading>{EXPORT_COPY.loading}</Loading>;
  }
  return (
    <>
      <section className="settings-card" aria-labelledby={headingId}>
        <h2 id={headingId} className="settings-card__title">
          {EXPORT_COPY.cardTitle}
        </h2>
        <p className="settings-form__note">{EXPORT_COPY.linkNote}</p>
        {current && <CurrentExport view={current} onAnswer={onAnswer} />}
        <LiveMessage tone="error">{form.message}</LiveMessage>
        {!(current && isBeingMade(current)) && (
          <div className="settings-form__actions">
            <BusyButton busy={form.busy} variant={current?.status === 'ready' ? 'secondary' : 'primary'} onClick={start}>
              {form.busy ? EXPORT_COPY.starting : EXPORT_COPY.start}
            </BusyButton>
          </div>
        )}
      </section>
      {(earlier.length > 0 || !current) && <EarlierExports exports={earlier} />}
    </>
  );
}

export default function ExportPage() {
  usePageMeta({ title: 'Export | Creator Platform', robots: 'noindex' });
  const { loaded, retry } = useMySite();
  return (
    <div className="settings studio export-page">
      <h1 className="settings__heading">{EXPORT_COPY.title}</h1>
      <p className="settings__address">{EXPORT_COPY.intro}</p>
      {loaded.state === 'loading' && <Loading>{EXPORT_COPY.loading}</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} />}
      {loaded.state === 'ready' &&
        (loaded.site ? (
          <Exporter />
        ) : (
          <p className="settings__empty">
            {EXPORT_COPY.noSite} <Link to="/onboarding">Set up your site</Link> {EXPORT_COPY.noSiteAfter}
          </p>
        ))}
    </div>
  );
}
