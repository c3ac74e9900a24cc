/**
 * /settings/advanced: the creator's business settings, one card per section,
 * in this order: the platform plan, payments (with the setting on failed
 * renewals, once Stripe is configured), tiers, the welcome e-mail, the e-mails about new
 * members. The payments state is
 * read once here: the Payments card shows it and the Tiers card needs it (a
 * paid tier opens only on a ready account). All three belong to a site: a
 * creator without one is sent to set it up, and nothing asks the server about
 * a site that is not there.
 */
import { Link } from 'react-router';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { isPaymentAccountReady } from '../../../../common/api/payments.ts';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';
import { PastDueAccessForm } from '../../payments/PastDueAccessForm.tsx';
import { PaymentsPanel } from '../../payments/PaymentsPanel.tsx';
import { usePaymentsStatus, type LoadedPayments } from '../../payments/usePaymentsStatus.ts';
import { useMySite } from '../../sites/useMySite.ts';
import { PlanSection } from './PlanSection.tsx';
import { TiersSection, type PaymentsState } from './TiersSection.tsx';
import { MemberNoticesSection } from './MemberNoticesSection.tsx';
import { WelcomeMailSection } from './WelcomeMailSection.tsx';
import '../general/settings.css';

function tiersPaymentsState(loaded: LoadedPayments): PaymentsState {
  if (loaded.state !== 'ready') return 'not-ready';
  return isPaymentAccountReady(loaded.status.account) ? 'ready' : 'not-ready';
}

function SiteBusiness() {
  const payments = usePaymentsStatus();
  return (
    <>
      <PlanSection />
      <section className="settings-card" aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="settings-card__title">
          Payments
        </h2>
        <PaymentsPanel loaded={payments.loaded} reload={payments.reload} update={payments.update} />
        {payments.loaded.state === 'ready' && (payments.loaded.status.configured || payments.loaded.status.account) && <PastDueAccessForm />}
      </section>
      {payments.loaded.state !== 'loading' && <TiersSection payments={tiersPaymentsState(payments.loaded)} />}
      <WelcomeMailSection />
      <MemberNoticesSection />
    </>
  );
}

export default function AdvancedSettingsPage() {
  usePageMeta({ title: 'Advanced settings | Creator Platform', robots: 'noindex' });
  const { loaded, retry } = useMySite();
  return (
    <div className="settings studio">
      <h1 className="settings__heading">Advanced settings</h1>
      {loaded.state === 'loading' && <Loading>Loading your settings…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} />}
      {loaded.state === 'ready' &&
        (loaded.site ? (
          <SiteBusiness />
        ) : (
          <p className="settings__empty">
            You have no site yet. <Link to="/onboarding">Set up your site</Link> first: your plan, payments and tiers belong to it.
          </p>
        ))}
    </div>
  );
}
