/**
 * The Payments section of /settings/advanced: the creator's own Stripe
 * account through its four states (not configured on this server, not
 * connected, onboarding, ready). Coming back from Stripe re-reads the state.
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
import type { LoadedPayments } from './usePaymentsStatus.ts';
import './payments.css';

function NotConfigured() {
  return (
    <div className="payments__state">
      <p>Paid tiers are off on this server: it has no Stripe account set up. Free members can still join.</p>
      <p className="payments__hint">
        To turn them on, the person who runs this server sets <code>STRIPE_SECRET_KEY</code>, <code>STRIPE_WEBHOOK_SECRET</code> and{' '}
        <code>STRIPE_CONNECT_WEBHOOK_SECRET</code> and restarts it.
      </p>
    </div>
  );
}

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

const RETURN_MESSAGES: Record<string, string> = {
  return: 'Back from Stripe: here is your account as Stripe reports it now.',
  refresh: 'That onboarding link expired. Continue onboarding to get a new one.',
};

/** `loaded` and `reload` come from usePaymentsStatus in the page, which shares the state with the Tiers card. */
export function PaymentsPanel({ loaded, reload }: { loaded: LoadedPayments; reload: () => void }) {
  const [params] = useSearchParams();
  const back = RETURN_MESSAGES[params.get('stripe') ?? ''];
  return (
    <div className="payments">
      {loaded.state === 'loading' && <Loading>Checking your Stripe account…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={reload} />}
      {loaded.state === 'ready' && (
        <>
          {back && loaded.status.configured && <LiveMessage tone="info">{back}</LiveMessage>}
          {!loaded.status.configured && <NotConfigured />}
          {loaded.status.configured && !loaded.status.account && <NotConnected />}
          {loaded.status.account && !paymentsApi.isPaymentAccountReady(loaded.status.account) && <Onboarding account={loaded.status.account} />}
          {loaded.status.account && paymentsApi.isPaymentAccountReady(loaded.status.account) && <Ready account={loaded.status.account} />}
        </>
      )}
    </div>
  );
}
