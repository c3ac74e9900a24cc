/** The tiers a "Specific tiers" post opens to: a checkbox per tier of the site (archived ones marked), and who will read it. */
import { useId } from 'react';
import { listTiers } from '../../../../common/api/tiers.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { tiersAudience } from '../../../content/posts.ts';
import { call } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';

export function TierPicker({ chosen, onChange }: { chosen: readonly string[]; onChange: (tierIds: string[]) => void }) {
  const id = useId();
  const { loaded, reload } = useLoad((signal) => call(listTiers, { signal }).then((answer) => answer.tiers));

  if (loaded.state === 'failed') return <LoadFailed message="Could not load your tiers." onRetry={reload} />;
  if (loaded.state === 'loading') return <Loading>Loading your tiers…</Loading>;
  const tiers = loaded.data;

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
