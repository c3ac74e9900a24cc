/**
 * /settings/import (DESIGN.md "Move in, move out"): bring a site in from
 * Substack, Ghost, WordPress, Patreon, Mailchimp or another site of this
 * platform. One import at a time goes through its steps here: choose and check
 * a file (a dry run), review and map tiers, watch it run, see what it made and
 * undo it. An import already running (another tab, a reload) is picked up from
 * the list, which stands below with every earlier import.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { listImports, type ImportView } from '../../../../common/api/imports.ts';
import { useLatestLoad } from '../../../app/useLatestLoad.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { IMPORT_COPY, importProblem } from '../../../content/imports.ts';
import { call } from '../../../lib/api.ts';
import { useMySite } from '../../sites/useMySite.ts';
import { DryRunReview } from './DryRunReview.tsx';
import { EarlierImports } from './EarlierImports.tsx';
import { ImportFinished } from './ImportFinished.tsx';
import { ImportRunning } from './ImportRunning.tsx';
import { ImportUploadForm } from './ImportUploadForm.tsx';
import '../general/settings.css';
import './import-page.css';

function CurrentStep({ current, show, update }: { current: ImportView | null; show: (view: ImportView | null) => void; update: (view: ImportView) => void }) {
  const headingId = useId();
  if (!current) {
    return (
      <section className="settings-card import-step" aria-labelledby={headingId}>
        <h2 id={headingId} className="settings-card__title" tabIndex={-1}>
          Choose a file
        </h2>
        <ImportUploadForm onChecked={show} />
      </section>
    );
  }
  if (current.status === 'planned') return <DryRunReview view={current} onStarted={show} onAnotherFile={() => show(null)} />;
  if (current.status === 'running') return <ImportRunning view={current} onUpdate={update} />;
  return <ImportFinished view={current} onUndone={show} onAnotherFile={() => show(null)} />;
}

function Importer() {
  const [version, setVersion] = useState(0);
  const list = useLatestLoad(version, (_version, signal) => call(listImports, { signal }));
  // undefined until the creator acts: then the running import, if any, is the one shown.
  const [chosen, setChosen] = useState<ImportView | null>();
  const running = list.ready?.data.imports.find((view) => view.status === 'running');
  const current = chosen !== undefined ? chosen : (running ?? null);
  const refresh = useCallback(() => setVersion((count) => count + 1), []);

  // A new step takes focus at its heading, so keyboard and screen-reader users start there, not at a button that is gone.
  // Only after the creator acted or a run ended: picking up a running import on arrival leaves focus where the page put it.
  const steps = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) steps.current?.querySelector<HTMLElement>('.import-step h2')?.focus();
  }, [focusRequest]);

  const show = useCallback(
    (view: ImportView | null) => {
      setChosen(view);
      setFocusRequest((count) => count + 1);
      refresh();
    },
    [refresh],
  );
  // A poll's answer: the list and the step change only when the run ends.
  const update = useCallback(
    (view: ImportView) => {
      setChosen(view);
      if (view.status === 'running') return;
      setFocusRequest((count) => count + 1);
      refresh();
    },
    [refresh],
  );

  // The list below the step: the one on show is not repeated; with none other, the card is left out while a step shows.
  const earlier = list.ready?.data.imports.filter((view) => view.id !== current?.id) ?? [];
  if (!list.ready) {
    if (list.failed) return <LoadFailed message={importProblem(list.failed.code)} onRetry={list.reload} />;
    return <Loading>{IMPORT_COPY.loading}</Loading>;
  }
  return (
    <>
      <div ref={steps}>
        <CurrentStep current={current} show={show} update={update} />
      </div>
      {(earlier.length > 0 || !current) && <EarlierImports imports={earlier} onUndone={refresh} />}
    </>
  );
}

export default function ImportPage() {
  usePageMeta({ title: 'Import | Creator Platform', robots: 'noindex' });
  const { loaded, retry } = useMySite();
  return (
    <div className="settings studio import-page">
      <h1 className="settings__heading">{IMPORT_COPY.title}</h1>
      <p className="settings__address">{IMPORT_COPY.intro}</p>
      {loaded.state === 'loading' && <Loading>{IMPORT_COPY.loading}</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} />}
      {loaded.state === 'ready' &&
        (loaded.site ? (
          <Importer />
        ) : (
          <p className="settings__empty">
            {IMPORT_COPY.noSite} <Link to="/onboarding">Set up your site</Link> {IMPORT_COPY.noSiteAfter}
          </p>
        ))}
    </div>
  );
}
