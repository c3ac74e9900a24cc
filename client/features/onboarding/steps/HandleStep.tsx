/** Step 1: the handle, checked live; continuing makes the site (or renames it when the creator came back). */
import { useState } from 'react';
import * as sitesApi from '../../../../common/api/sites.ts';
import { normaliseHandle } from '../../../../common/handles.ts';
import { useAuth } from '../../../app/auth.tsx';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { HandleField } from '../../sites/HandleField.tsx';
import { HANDLE_PROBLEM_MESSAGES, siteErrorMessage } from '../../../content/sites.ts';
import { useHandleCheck } from '../../sites/useHandleCheck.ts';
import { call } from '../../../lib/api.ts';
import { StepActions } from './StepActions.tsx';
import type { StepProps } from './StepProps.ts';

const FIELD_IDS = { handle: 'wizard-handle' };

export function HandleStep({ site, onSite, onNext, onBack }: StepProps) {
  const { user } = useAuth();
  const [handle, setHandle] = useState(site?.handle ?? '');
  const check = useHandleCheck(handle, site?.handle);
  const form = useFormSubmit<'handle'>({
    fieldIds: FIELD_IDS,
    problemFor: (code) => (code === 'handle-taken' || code === 'invalid-handle' ? { field: 'handle', message: siteErrorMessage(code) } : { message: siteErrorMessage(code) }),
  });

  const submit = form.handleSubmit({
    check: () => {
      if (check.state === 'empty') return { handle: 'Please choose a handle.' };
      if (check.state === 'unavailable') return { handle: HANDLE_PROBLEM_MESSAGES[check.problem] };
      return {};
    },
    send: async () => {
      const chosen = normaliseHandle(handle);
      if (!site) {
        const title = user?.fullName || chosen;
        onSite((await call(sitesApi.createSite, { body: { handle: chosen, title } })).site);
      } else if (chosen !== site.handle) {
        onSite((await call(sitesApi.updateMySite, { body: { handle: chosen } })).site);
      }
      await onNext();
    },
  });

  return (
    <form className="wizard__form" noValidate onSubmit={submit}>
      <p className="wizard__lead">Your handle is your site's address. Readers will find you at it, so keep it short and memorable.</p>
      <HandleField
        id={FIELD_IDS.handle}
        value={handle}
        check={check}
        error={form.errors.handle}
        onChange={(value) => {
          setHandle(value);
          form.clearError('handle');
        }}
      />
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <StepActions busy={form.busy} onBack={onBack} />
    </form>
  );
}
