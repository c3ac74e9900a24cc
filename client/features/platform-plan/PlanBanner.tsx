/** The studio's notice while the creator's plan has lapsed: on the overview and in the editor (docs/decisions/057). */
import { Link } from 'react-router';
import { lapsedBanner } from '../../content/platform-plan.ts';
import { usePlatformPlan } from './usePlatformPlan.ts';
import './plan.css';

export function PlanBanner() {
  const { loaded } = usePlatformPlan();
  // The banner is a reminder, not the page: while loading or after a failure it simply stays away.
  const message = loaded.state === 'ready' ? lapsedBanner(loaded.plan) : null;
  if (!message) return null;
  return (
    <div className="plan-banner" role="status">
      <p className="plan-banner__text">{message}</p>
      <Link className="button button--primary button--md" to="/settings/advanced#plan">
        Subscribe
      </Link>
    </div>
  );
}
