/**
 * The Payments card's own setting on failed renewals (the site's
 * `pastDueAccess`): one checkbox that saves on its own, through the same
 * site update as the general settings.
 */
import { useState, type FormEvent } from 'react';
import * as sitesApi from '../../../common/api/sites.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { call, toErrorCode } from '../../lib/api.ts';
import { siteErrorMessage } from '../sites/site-copy.ts';
import { useMySite } from '../sites/useMySite.ts';
import { PastDueAccessField } from './PastDueAccessField.tsx';
import '../sites/site-forms.css';
import './payments.css';

function SettingForm({ initial }: { initial: boolean }) {
  const [checked, setChecked] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string }>();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(undefined);
    try {
      const { site } = await call(sitesApi.updateMySite, { body: { pastDueAccess: checked } });
      setChecked(site.pastDueAccess);
      setResult({ tone: 'success', message: 'Your payment setting is saved.' });
    } catch (error) {
      setResult({ tone: 'error', message: siteErrorMessage(toErrorCode(error)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="payments__setting" noValidate onSubmit={save} aria-labelledby="past-due-heading">
      <h3 id="past-due-heading" className="payments__setting-title">
        When a renewal fails
      </h3>
      <PastDueAccessField
        id="past-due-access"
        checked={checked}
        onChange={(value) => {
          setChecked(value);
          setResult(undefined);
        }}
      />
      <LiveMessage tone="error">{result?.tone === 'error' ? result.message : undefined}</LiveMessage>
      <LiveMessage tone="success">{result?.tone === 'success' ? result.message : undefined}</LiveMessage>
      <div>
        <BusyButton type="submit" variant="secondary" busy={busy}>
          Save
        </BusyButton>
      </div>
    </form>
  );
}

export function PastDueAccessForm() {
  const { loaded, retry } = useMySite();
  if (loaded.state === 'loading') return <Loading>Loading your setting…</Loading>;
  if (loaded.state === 'failed') return <LoadFailed message={loaded.message} onRetry={retry} />;
  return loaded.site ? <SettingForm initial={loaded.site.pastDueAccess} /> : null;
}
