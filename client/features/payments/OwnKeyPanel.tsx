/**
 * "Connect Stripe with your key" in Settings > Advanced (DESIGN.md "The
 * creator's first hour", docs/decisions/144): where no operator offers Connect,
 * or once a creator chose their own key. Three states: no key (the form and
 * where to find a restricted key), connected (the account, and Disconnect after
 * a confirmation, refused in words while members still pay), and a key Stripe no longer accepts (said plainly, with the
 * form to paste a new one). The server names what is wrong with a key (a
 * missing permission, another account) under the field.
 */
import { useState } from 'react';
import * as paymentsApi from '../../../common/api/payments.ts';
import { stripeKeySchema } from '../../../common/payment-schemas.ts';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { ApiError, call, toErrorCode } from '../../lib/api.ts';
import { OWN_KEY, paymentsErrorMessage, STRIPE_DASHBOARD_URL } from '../../content/payments.ts';

const FIELD_ID = 'stripe-secret-key';

function KeyForm({ submitLabel, onSaved }: { submitLabel: string; onSaved: (status: paymentsApi.PaymentsStatus) => void }) {
  const [secretKey, setSecretKey] = useState('');
  const form = useFormSubmit({ fieldIds: { secretKey: FIELD_ID }, problemFor: (code) => ({ message: paymentsErrorMessage(code) }) });
  const save = form.handleSubmit({
    check: () => {
      const value = secretKey.trim();
      if (!stripeKeySchema.safeParse({ secretKey: value }).success) return { secretKey: OWN_KEY.missing };
      return /^(sk|rk|pk)_/.test(value) ? {} : { secretKey: OWN_KEY.notAKey };
    },
    send: async () => {
      try {
        const status = await call(paymentsApi.saveStripeKey, { body: { secretKey: secretKey.trim() } });
        setSecretKey('');
        onSaved(status);
      } catch (error) {
        // Stripe's own reason (the permission it lacks, the account it is of) goes under the field.
        if (error instanceof ApiError && error.code === 'invalid-stripe-key') return form.showErrors({ secretKey: error.detail ?? paymentsErrorMessage(error.code) });
        throw error;
      }
    },
  });
  return (
    <form className="payments__key-form" noValidate onSubmit={save} aria-labelledby="own-key-heading">
      <PasswordField
        id={FIELD_ID}
        label={OWN_KEY.fieldLabel}
        name="secretKey"
        autoComplete="off"
        value={secretKey}
        error={form.errors.secretKey}
        hint={OWN_KEY.fieldHint}
        onChange={(event) => {
          setSecretKey(event.target.value);
          form.clearError('secretKey');
        }}
      />
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <div>
        <BusyButton type="submit" busy={form.busy}>
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}

function WhereToFind() {
  return (
    <div className="payments__how">
      <h4 className="payments__how-title">{OWN_KEY.howTitle}</h4>
      <ol className="payments__points">
        {OWN_KEY.how.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        <a href={OWN_KEY.apiKeysUrl} target="_blank" rel="noreferrer">
          {OWN_KEY.apiKeysLink}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

function Disconnect({ onDone }: { onDone: (status: paymentsApi.PaymentsStatus) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const status = await call(paymentsApi.disconnectStripeKey);
      setOpen(false);
      onDone(status);
    } catch (failure) {
      // Refused while members pay: the server's words name how many and what to do first.
      setError(failure instanceof ApiError && failure.code === 'paying-members' && failure.detail ? failure.detail : paymentsErrorMessage(toErrorCode(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {OWN_KEY.disconnect}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title={OWN_KEY.disconnectTitle}
        confirmLabel={OWN_KEY.disconnectConfirm}
        danger
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        <p>{OWN_KEY.disconnectBody}</p>
      </ConfirmDialog>
    </>
  );
}

function Connected({ account, onChange }: { account: paymentsApi.PaymentAccountView; onChange: (status: paymentsApi.PaymentsStatus) => void }) {
  const refused = account.keyStatus === 'refused';
  return (
    <div className="payments__state">
      {refused ? (
        <>
          <p className="payments__badge payments__badge--error">{OWN_KEY.refusedBadge}</p>
          <p>{OWN_KEY.refused}</p>
        </>
      ) : (
        <p className="payments__badge payments__badge--ready">{OWN_KEY.connected(account.name ?? account.accountId)}</p>
      )}
      <ul className="payments__points">
        <li>{OWN_KEY.accountId(account.accountId)}</li>
        {!refused && <li>Charges: {account.chargesEnabled ? 'enabled' : 'not yet enabled: finish your account in Stripe'}</li>}
        {!refused && account.defaultCurrency && <li>Currency: {account.defaultCurrency.toUpperCase()}</li>}
      </ul>
      {refused ? (
        <KeyForm submitLabel={OWN_KEY.replaceSubmit} onSaved={onChange} />
      ) : (
        <p>
          <Button href={STRIPE_DASHBOARD_URL} variant="secondary">
            Open your Stripe dashboard<span className="visually-hidden"> (opens in a new tab)</span>
          </Button>
        </p>
      )}
      <Disconnect onDone={onChange} />
    </div>
  );
}

/** `status` is the payments state the page read; `onChange` puts the state an answer gave in its place. */
export function OwnKeyPanel({ status, onChange }: { status: paymentsApi.PaymentsStatus; onChange: (status: paymentsApi.PaymentsStatus) => void }) {
  const [said, setSaid] = useState<string>();
  const changed = (next: paymentsApi.PaymentsStatus) => {
    setSaid(next.account ? OWN_KEY.saved : OWN_KEY.disconnected);
    onChange(next);
  };
  return (
    <div className="payments__state">
      <h3 id="own-key-heading" className="payments__setting-title">
        {OWN_KEY.title}
      </h3>
      <LiveMessage tone="success">{said}</LiveMessage>
      {status.account ? (
        <Connected account={status.account} onChange={changed} />
      ) : (
        <>
          <p>{OWN_KEY.intro}</p>
          <WhereToFind />
          <KeyForm submitLabel={OWN_KEY.submit} onSaved={changed} />
        </>
      )}
    </div>
  );
}
