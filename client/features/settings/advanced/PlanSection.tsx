/**
 * "Your plan" on /settings/advanced (issue 10 item 7, docs/decisions/057):
 * the plan, its price, the trial's days left or the renewal, and the way to
 * Checkout or the billing portal on the operator's Stripe account.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import * as planApi from '../../../../common/api/platform-plan.ts';
import type { PlatformPlanView } from '../../../../common/api/platform-plan.ts';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { planPrice, planSummary } from '../../../content/platform-plan.ts';
import { usePlatformPlan } from '../../platform-plan/usePlatformPlan.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import '../../platform-plan/plan.css';

type Destination = 'checkout' | 'portal';

/** The plan as the creator reads it; actions are handed in so it renders without a server. */
export function PlanDetails({ plan, busy, onGo }: { plan: PlatformPlanView; busy: Destination | null; onGo: (to: Destination) => void }) {
  const summary = planSummary(plan);
  const charged = plan.feeEnabled && plan.stripeConfigured;
  return (
    <>
      <div>
        <p className="plan-section__title">{summary.title}</p>
        {charged && <p className="plan-section__price">{planPrice(plan)}</p>}
        <p className={summary.urgent ? 'plan-section__detail plan-section__detail--urgent' : 'plan-section__detail'}>{summary.detail}</p>
      </div>
      {(summary.canSubscribe || summary.canManage) && (
        <div className="plan-section__actions">
          {summary.canSubscribe && (
            <BusyButton busy={busy === 'checkout'} onClick={() => onGo('checkout')}>
              Subscribe
            </BusyButton>
          )}
          {summary.canManage && (
            <BusyButton variant="secondary" busy={busy === 'portal'} onClick={() => onGo('portal')}>
              Manage billing
            </BusyButton>
          )}
        </div>
      )}
    </>
  );
}

export function PlanSection() {
  const { loaded, retry } = usePlatformPlan();
  const [busy, setBusy] = useState<Destination | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [search] = useSearchParams();

  function go(to: Destination) {
    if (busy) return;
    setBusy(to);
    setProblem(null);
    call(to === 'checkout' ? planApi.checkout : planApi.portal)
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => {
        setBusy(null);
        setProblem(SERVER_MESSAGES[toErrorCode(error)]);
      });
  }

  return (
    <section id="plan" className="settings-card" aria-labelledby="plan-heading">
      <h2 id="plan-heading" className="settings-card__title">
        Your plan
      </h2>
      {search.get('plan') === 'welcome' && <LiveMessage tone="success">Thank you for subscribing. Your plan is being confirmed: it shows here in a moment.</LiveMessage>}
      {loaded.state === 'loading' && <Loading>Loading your plan…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={SERVER_MESSAGES[loaded.code]} onRetry={retry} />}
      {loaded.state === 'ready' && <PlanDetails plan={loaded.plan} busy={busy} onGo={go} />}
      <LiveMessage tone="error">{problem}</LiveMessage>
    </section>
  );
}
