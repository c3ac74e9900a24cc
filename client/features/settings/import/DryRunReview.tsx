/**
 * Step two of an import: what the dry run found. The counts, one of the
 * creator's tiers for each plan of the source (prefilled with the dry run's
 * suggestion), for Patreon whether to invite active patrons, the problems
 * (just above the button that starts anyway), then "Start import"
 * (POST /api/imports/:id/run with the whole mapping) or another file. A file with nothing in it offers only another file.
 */
import { useId, useState } from 'react';
import { runImport, type ImportTierChoice, type ImportView } from '../../../../common/api/imports.ts';
import { listTiers, type TierView } from '../../../../common/api/tiers.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { Button } from '../../../components/Button.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { IMPORT_COPY, SOURCE_GUIDES, countLines, formatCount, hasAnythingToImport, importProblem } from '../../../content/imports.ts';
import { call } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { ImportProblems } from './ImportProblems.tsx';
import { initialTierMap, offeredTiers } from './tier-map.ts';

interface DryRunReviewProps {
  view: ImportView;
  onStarted: (view: ImportView) => void;
  onAnotherFile: () => void;
}

export function DryRunReview({ view, onStarted, onAnotherFile }: DryRunReviewProps) {
  const headingId = useId();
  const anything = hasAnythingToImport(view.counts);
  return (
    <section className="settings-card import-step" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-card__title" tabIndex={-1}>
        {IMPORT_COPY.reviewTitle}
      </h2>
      <p className="settings-form__note">
        {SOURCE_GUIDES[view.source].label} · {view.fileName}
      </p>
      {anything ? (
        <>
          <ul className="import-counts">
            {countLines(view.counts).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <StartForm view={view} onStarted={onStarted} onAnotherFile={onAnotherFile} />
        </>
      ) : (
        <>
          <p className="settings__empty">{IMPORT_COPY.nothingToImport}</p>
          <ImportProblems title={IMPORT_COPY.problemsTitle} problems={view.problems} />
          <div className="settings-form__actions">
            <Button onClick={onAnotherFile}>{IMPORT_COPY.another}</Button>
          </div>
        </>
      )}
    </section>
  );
}

function StartForm({ view, onStarted, onAnotherFile }: DryRunReviewProps) {
  const inviteId = useId();
  const tiers = useLoad((signal) => call(listTiers, { signal }));
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [invitePatrons, setInvitePatrons] = useState(false);
  const form = useFormSubmit<never>({ fieldIds: {}, problemFor: (code) => ({ message: importProblem(code) }) });
  const needsTiers = view.tiers.length > 0;
  const ourTiers = tiers.loaded.state === 'ready' ? tiers.loaded.data.tiers : [];

  const start = form.handleSubmit({
    check: () => ({}),
    send: async () => {
      const tierMap = { ...initialTierMap(view.tiers, ourTiers), ...chosen };
      const body = view.source === 'patreon' ? { tierMap, invitePatrons } : { tierMap };
      const answer = await call(runImport, { params: { id: view.id }, body });
      onStarted(answer.import);
    },
  });

  return (
    <form className="settings-form" onSubmit={start}>
      {needsTiers && (
        <fieldset className="import-tiers">
          <legend className="import-section__title">{IMPORT_COPY.tiersTitle}</legend>
          <p className="settings-form__note">{IMPORT_COPY.tiersIntro}</p>
          {tiers.loaded.state === 'loading' && <Loading>Loading your tiers…</Loading>}
          {tiers.loaded.state === 'failed' && <LoadFailed message={importProblem(tiers.loaded.code)} onRetry={tiers.reload} />}
          {tiers.loaded.state === 'ready' &&
            view.tiers.map((choice) => (
              <TierSelect
                key={choice.source}
                choice={choice}
                tiers={ourTiers}
                value={chosen[choice.source] ?? initialTierMap([choice], ourTiers)[choice.source] ?? ''}
                onChange={(tierId) => setChosen((current) => ({ ...current, [choice.source]: tierId }))}
              />
            ))}
        </fieldset>
      )}
      {view.source === 'patreon' && (
        <div className="import-check">
          <input id={inviteId} type="checkbox" checked={invitePatrons} aria-describedby={`${inviteId}-hint`} onChange={(event) => setInvitePatrons(event.target.checked)} />
          <label htmlFor={inviteId}>{IMPORT_COPY.invitePatrons}</label>
          <p id={`${inviteId}-hint`} className="field__hint">
            {IMPORT_COPY.invitePatronsHint}
          </p>
        </div>
      )}
      <ImportProblems title={IMPORT_COPY.problemsTitle} problems={view.problems} />
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <div className="import-actions">
        <Button variant="secondary" onClick={onAnotherFile}>
          {IMPORT_COPY.another}
        </Button>
        <BusyButton type="submit" busy={form.busy} disabled={needsTiers && tiers.loaded.state !== 'ready'}>
          {form.busy ? IMPORT_COPY.starting : IMPORT_COPY.start}
        </BusyButton>
      </div>
    </form>
  );
}

function TierSelect({ choice, tiers, value, onChange }: { choice: ImportTierChoice; tiers: readonly TierView[]; value: string; onChange: (tierId: string) => void }) {
  const id = useId();
  const offered = offeredTiers(choice, tiers, value);
  const label = (
    <>
      {choice.label}
      <span className="import-tiers__members"> · {formatCount(choice.members)} {choice.members === 1 ? 'member' : 'members'}</span>
    </>
  );
  // A plan paid through Stripe on a site with no paid tier: nothing to choose; the problems say to make one first.
  if (offered.length === 0) {
    return (
      <div className="field import-tiers__row">
        <p className="field__label">{label}</p>
        <p className="field__hint">{IMPORT_COPY.paidTierFirst}</p>
      </div>
    );
  }
  return (
    <div className="field import-tiers__row">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="field__select" value={value} aria-describedby={choice.paidThroughStripe ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.value)}>
        {offered.map((tier) => (
          <option key={tier.id} value={tier.id}>
            {tier.name}
            {tier.type === 'free' ? ' (free)' : ''}
          </option>
        ))}
      </select>
      {choice.paidThroughStripe && (
        <p id={`${id}-hint`} className="field__hint">
          {IMPORT_COPY.paidTierOnly}
        </p>
      )}
    </div>
  );
}
