/**
 * Step 5: the niche chosen at sign-up, shown and editable; Finish saves it,
 * marks setup complete, publishes the site and opens the overview.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import * as sitesApi from '../../../../common/api/sites.ts';
import { OTHER_NICHE, isKnownNiche } from '../../../../common/niches.ts';
import { useAuth } from '../../../app/auth.tsx';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { siteErrorMessage } from '../../../content/sites.ts';
import { call } from '../../../lib/api.ts';
import { NicheFields } from '../../sign-in/signup/NicheFields.tsx';
import { StepActions } from './StepActions.tsx';
import type { StepProps } from './StepProps.ts';

type NicheField = 'niche' | 'customNiche';
const FIELD_IDS: Record<NicheField, string> = { niche: 'wizard-niche', customNiche: 'wizard-custom-niche' };

/** The profile keeps a listed niche by its value and 'other' by the creator's own words (as sign-up stored it). */
function nicheFromProfile(stored: string): { niche: string; customNiche: string } {
  if (stored === '' || isKnownNiche(stored)) return { niche: stored, customNiche: '' };
  return { niche: OTHER_NICHE, customNiche: stored };
}

export function NicheStep({ onBack }: StepProps) {
  const { user, setUser } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState(() => nicheFromProfile(user?.niche ?? ''));
  const form = useFormSubmit<NicheField>({
    fieldIds: FIELD_IDS,
    problemFor: (code) =>
      code === 'missing-niche' ? { field: 'niche', message: siteErrorMessage(code) } : code === 'missing-custom-niche' ? { field: 'customNiche', message: siteErrorMessage(code) } : { message: siteErrorMessage(code) },
  });

  const submit = form.handleSubmit({
    check: () => {
      if (!values.niche) return { niche: siteErrorMessage('missing-niche') };
      if (values.niche === OTHER_NICHE && !values.customNiche.trim()) return { customNiche: siteErrorMessage('missing-custom-niche') };
      return {};
    },
    send: async () => {
      const body = values.niche === OTHER_NICHE ? { niche: values.niche, customNiche: values.customNiche.trim() } : { niche: values.niche };
      setUser((await call(sitesApi.updateProfile, { body })).user);
      const finished = await call(sitesApi.finishOnboarding);
      setUser(finished.user);
      void navigate('/dashboard/overview', { replace: true });
    },
  });

  return (
    <form className="wizard__form" noValidate onSubmit={submit}>
      <p className="wizard__lead">This is the niche you chose when you signed up. Change it if your focus has moved on.</p>
      <NicheFields
        ids={FIELD_IDS}
        niche={values.niche}
        customNiche={values.customNiche}
        errors={form.errors}
        onNicheChange={(niche) => {
          setValues((current) => ({ ...current, niche }));
          form.clearError('niche');
        }}
        onCustomNicheChange={(customNiche) => {
          setValues((current) => ({ ...current, customNiche }));
          form.clearError('customNiche');
        }}
      />
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <StepActions busy={form.busy} onBack={onBack} continueLabel="Finish and publish my site" />
    </form>
  );
}
