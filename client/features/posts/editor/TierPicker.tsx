/** The tiers a "Specific tiers" post opens to: a checkbox per tier of the site (archived ones marked), and who will read it. */
import { useEffect, useId, useState } from 'react';
import { listTiers, type TierView } from '../../../../common/api/tiers.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { tiersAudience } from '../../../content/posts.ts';
import { call } from '../../../lib/api.ts';

export function TierPicker({ chosen, onChange }: { chosen: readonly string[]; onChange: (tierIds: string[]) => void }) {
  const id = useId();
  const [tiers, setTiers] = useState<TierView[]>();
  /** The attempt that failed, if the latest one did; "Try again" starts the next. */
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number>();

  useEffect(() => {
    const controller = new AbortController();
    call(listTiers, { signal: controller.signal })
      .then(({ tiers: loaded }) => setTiers(loaded))
      .catch(() => {
        if (!controller.signal.aborted) setFailedAttempt(attempt);
      });
    return () => controller.abort();
  }, [attempt]);

  if (failedAttempt === attempt) return <LoadFailed message="Could not load your tiers." onRetry={() => setAttempt((current) => current + 1)} />;
  if (!tiers) return <Loading>Loading your tiers…</Loading>;

  const names = tiers.filter((tier) => chosen.includes(tier.id)).map((tier) => tier.name);
  const toggle = (tierId: string, on: boolean) => onChange(on ? [...chosen, tierId] : chosen.filter((idOf) => idOf !== tierId));

  return (
    <fieldset className="post-panel__choices" aria-describedby={`${id}-audience`}>
      <legend className="field__label">Tiers that can read it</legend>
      {tiers.map((tier) => (
        <div key={tier.id} className="post-panel__choice">
          <input id={`${id}-${tier.id}`} type="checkbox" checked={chosen.includes(tier.id)} onChange={(event) => toggle(tier.id, event.target.checked)} />
          <label htmlFor={`${id}-${tier.id}`} className="post-panel__choice-label">
            {tier.name}
            {tier.active ? '' : ' (archived)'}
          </label>
        </div>
      ))}
      <p id={`${id}-audience`} className="post-panel__choice-hint" aria-live="polite">
        {tiers.length === 0 ? 'Your site has no tiers yet. Add them under Settings.' : tiersAudience(names)}
      </p>
    </fieldset>
  );
}
