/**
 * The Payments section of /settings/advanced: the creator's own Stripe
 * account. Without the operator's Connect, or once connected by key, the
 * creator's own key (OwnKeyPanel); under Connect, its states (not connected,
 * onboarding, ready). Coming back from Stripe re-reads the state.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import * as paymentsApi from '../../../common/api/payments.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { Button } from '../../components/Button.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { call, toErrorCode } from '../../lib/api.ts';
import { paymentsErrorMessage, requirementLabels, STRIPE_DASHBOARD_URL } from '../../content/payments.ts';
import { OwnKeyPanel } from './OwnKeyPanel.tsx';
import type { LoadedPayments } from './usePaymentsStatus.ts';
import './payments.css';

function ConnectButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const connect = async () => {
    setBusy(true);
    setError('');
    try {
      const { url } = await call(paymentsApi.connectPayments);
      window.location.assign(url);
    } catch (failure) {
      setError(paymentsErrorMessage(toErrorCode(failure)));
      setBusy(false);
    }
  };
  return (
    <div className="payments__action">
      <BusyButton busy={busy} onClick={connect}>
        {label}
      </BusyButton>
      <LiveMessage tone="error">{error}</LiveMessage>
    </div>
  );
}

function NotConnected() {
  return (
    <div className="payments__state">
      <p>Connect your own Stripe account to offer paid tiers.</p>
      <ul className="payments__points">
        <li>Members pay you directly, into your Stripe account.</li>
        <li>We take a 0% cut. Stripe's own processing fees apply.</li>
        <li>Your members' subscriptions live in your account, so you keep your customers if you ever leave.</li>
      </ul>
      <ConnectButton label="Connect Stripe" />
    </div>
  );
}

function Onboarding({ account }: { account: paymentsApi.PaymentAccountView }) {
  const needs = requirementLabels(account.requirementsDue);
  return (
    <div className="payments__state">
      <p className="payments__badge payments__badge--pending">Onboarding in progress</p>
      <p>{account.detailsSubmitted ? 'Stripe is checking your details.' : 'Stripe needs a few more details before you can take payments.'}</p>
      {needs.length > 0 && (
        <>
          <p className="payments__hint">Stripe still needs:</p>
          <ul className="payments__points">
            {needs.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </>
      )}
      <ConnectButton label="Continue onboarding" />
    </div>
  );
}

function Ready({ account }: { account: paymentsApi.PaymentAccountView }) {
  return (
    <div className="payments__state">
      <p className="payments__badge payments__badge--ready">Ready: your Stripe account takes payments</p>
      <ul className="payments__points">
        <li>Charges: enabled</li>
        <li>Payouts: {account.payoutsEnabled ? 'enabled' : 'not yet enabled: Stripe will tell you what it needs'}</li>
        {account.defaultCurrency && <li>Currency: {account.defaultCurrency.toUpperCase()}</li>}
      </ul>
      <p>
        <Button href={STRIPE_DASHBOARD_URL} variant="secondary">
          Open your Stripe dashboard<span className="visually-hidden"> (opens in a new tab)</span>
        </Button>
      </p>
    </div>
  );
}

/** The creator's own key: when the operator offers no Connect, or the site is connected by key already. */
const byOwnKey = (status: paymentsApi.PaymentsStatus) => !status.configured || status.account?.mode === 'key';

const RETURN_MESSAGES: Record<string, string> = {
  return: 'Back from Stripe: here is your account as Stripe reports it now.',
  refresh: 'That onboarding link expired. Continue onboarding to get a new one.',
};

/** `loaded`, `reload` and `update` come from usePaymentsStatus in the page, which shares the state with the Tiers card. */
export function PaymentsPanel({ loaded, reload, update }: { loaded: LoadedPayments; reload: () => void; update: (status: paymentsApi.PaymentsStatus) => void }) {
  const [params] = useSearchParams();
  const back = RETURN_MESSAGES[params.get('stripe') ?? ''];
  return (
    <div className="payments">
      {loaded.state === 'loading' && <Loading>Checking your Stripe account…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={reload} />}
      {loaded.state === 'ready' && (
        <>
          {back && loaded.status.configured && <LiveMessage tone="info">{back}</LiveMessage>}
          {byOwnKey(loaded.status) && <OwnKeyPanel status={loaded.status} onChange={update} />}
          {!byOwnKey(loaded.status) && !loaded.status.account && <NotConnected />}
          {!byOwnKey(loaded.status) && loaded.status.account && !paymentsApi.isPaymentAccountReady(loaded.status.account) && <Onboarding account={loaded.status.account} />}
          {!byOwnKey(loaded.status) && loaded.status.account && paymentsApi.isPaymentAccountReady(loaded.status.account) && <Ready account={loaded.status.account} />}
        </>
      )}
    </div>
  );
}
