/** Step 2: the site's title and tagline, as readers will see them at the top of the site. */
import { useState } from 'react';
import * as sitesApi from '../../../../common/api/sites.ts';
import { SITE_TAGLINE_MAX_LENGTH, SITE_TITLE_MAX_LENGTH } from '../../../../common/sites.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { siteErrorMessage } from '../../../content/sites.ts';
import { call } from '../../../lib/api.ts';
import { StepActions } from './StepActions.tsx';
import type { StepProps } from './StepProps.ts';

const FIELD_IDS = { title: 'wizard-title', tagline: 'wizard-tagline' };

export function TitleStep({ site, onSite, onNext, onBack }: StepProps) {
  const [title, setTitle] = useState(site?.title ?? '');
  const [tagline, setTagline] = useState(site?.tagline ?? '');
  const form = useFormSubmit<'title' | 'tagline'>({
    fieldIds: FIELD_IDS,
    problemFor: (code) => ({ message: siteErrorMessage(code) }),
  });

  const submit = form.handleSubmit({
    check: () => (title.trim() ? {} : { title: 'Please give your site a title.' }),
    send: async () => {
      onSite((await call(sitesApi.updateMySite, { body: { title: title.trim(), tagline: tagline.trim() } })).site);
      await onNext();
    },
  });

  return (
    <form className="wizard__form" noValidate onSubmit={submit}>
      <p className="wizard__lead">The title heads your site; the tagline says in one line what readers will find there.</p>
      <FormField
        id={FIELD_IDS.title}
        label="Site title"
        name="title"
        maxLength={SITE_TITLE_MAX_LENGTH}
        counted
        value={title}
        error={form.errors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          form.clearError('title');
        }}
      />
      <FormField
        id={FIELD_IDS.tagline}
        label="Tagline (optional)"
        name="tagline"
        maxLength={SITE_TAGLINE_MAX_LENGTH}
        counted
        placeholder="Weekly sessions for calmer mornings"
        value={tagline}
        error={form.errors.tagline}
        onChange={(event) => setTagline(event.target.value)}
      />
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <StepActions busy={form.busy} onBack={onBack} />
    </form>
  );
}
