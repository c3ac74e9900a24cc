/** Step 4: the brand colour of the site's buttons and links. */
import { useState } from 'react';
import * as sitesApi from '../../../../common/api/sites.ts';
import { DEFAULT_BRAND_COLOR } from '../../../../common/sites.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { BrandColorField } from '../../sites/BrandColorField.tsx';
import { siteErrorMessage } from '../../../content/sites.ts';
import { call } from '../../../lib/api.ts';
import { StepActions } from './StepActions.tsx';
import type { StepProps } from './StepProps.ts';

const FIELD_IDS = { brandColor: 'wizard-brand-color' };

export function ColorStep({ site, onSite, onNext, onBack }: StepProps) {
  const [color, setColor] = useState(site?.brandColor ?? DEFAULT_BRAND_COLOR);
  const form = useFormSubmit<'brandColor'>({ fieldIds: FIELD_IDS, problemFor: (code) => ({ message: siteErrorMessage(code) }) });

  const submit = form.handleSubmit({
    check: () => ({}),
    send: async () => {
      if (color !== site?.brandColor) onSite((await call(sitesApi.updateMySite, { body: { brandColor: color } })).site);
      await onNext();
    },
  });

  return (
    <form className="wizard__form" noValidate onSubmit={submit}>
      <p className="wizard__lead">Your colour goes on your site's buttons and links.</p>
      <BrandColorField id={FIELD_IDS.brandColor} value={color} onChange={setColor} />
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <StepActions busy={form.busy} onBack={onBack} />
    </form>
  );
}
