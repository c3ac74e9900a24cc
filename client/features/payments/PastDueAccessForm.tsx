/**
 * The Payments card's own setting on failed renewals (the site's
 * `pastDueAccess`): one checkbox that saves on its own, through the same
 * site update as the general settings.
 */
import { useState } from 'react';
import * as sitesApi from '../../../common/api/sites.ts';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';
import { call } from '../../lib/api.ts';
import { siteErrorMessage } from '../../content/sites.ts';
import { useMySite } from '../sites/useMySite.ts';
import { PastDueAccessField } from './PastDueAccessField.tsx';
import '../sites/site-forms.css';
import './payments.css';

function SettingForm({ initial }: { initial: boolean }) {
  const [checked, setChecked] = useState(initial);
  const [saved, setSaved] = useState<string>();
  const form = useFormSubmit({ fieldIds: { pastDueAccess: 'past-due-access' }, problemFor: (code) => ({ message: siteErrorMessage(code) }) });
  const save = form.handleSubmit({
    check: () => ({}),
    send: async () => {
      setSaved(undefined);
      const { site } = await call(sitesApi.updateMySite, { body: { pastDueAccess: checked } });
      setChecked(site.pastDueAccess);
      setSaved('Your payment setting is saved.');
    },
  });
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
          setSaved(undefined);
          form.clearError('pastDueAccess');
        }}
      />
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <LiveMessage tone="success">{saved}</LiveMessage>
      <div>
        <BusyButton type="submit" variant="secondary" busy={form.busy}>
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
