/**
 * The site's words, handle and colour, saved together; images save themselves
 * as they are chosen. The colour is the site's one colour, which its design
 * holds: it is sent only when changed, since saving it changes the design too.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import * as sitesApi from '../../../../common/api/sites.ts';
import { normaliseHandle } from '../../../../common/handles.ts';
import { SITE_ABOUT_MAX_LENGTH, SITE_TAGLINE_MAX_LENGTH, SITE_TITLE_MAX_LENGTH } from '../../../../common/sites.ts';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { FieldError, describedBy } from '../../../components/FieldError.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { BrandColorField } from '../../sites/BrandColorField.tsx';
import { HandleField } from '../../sites/HandleField.tsx';
import { HANDLE_PROBLEM_MESSAGES, ONE_BRAND_NOTE, siteErrorMessage } from '../../../content/sites.ts';
import { useHandleCheck } from '../../sites/useHandleCheck.ts';
import { call } from '../../../lib/api.ts';

type Field = 'handle' | 'title' | 'tagline' | 'about' | 'brandColor';
const FIELD_IDS: Record<Field, string> = {
  handle: 'site-handle',
  title: 'site-title',
  tagline: 'site-tagline',
  about: 'site-about',
  brandColor: 'site-brand-color',
};

export function SiteSettingsForm({ site, onSaved }: { site: sitesApi.SiteJson; onSaved: (site: sitesApi.SiteJson) => void }) {
  const [values, setValues] = useState({ handle: site.handle, title: site.title, tagline: site.tagline, about: site.about, brandColor: site.brandColor });
  const [saved, setSaved] = useState<string>();
  const check = useHandleCheck(values.handle, site.handle);
  const form = useFormSubmit<Field>({
    fieldIds: FIELD_IDS,
    problemFor: (code) => {
      if (code === 'handle-taken' || code === 'invalid-handle') return { field: 'handle', message: siteErrorMessage(code) };
      return { message: siteErrorMessage(code) };
    },
  });
  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSaved(undefined);
    form.clearError(field);
  };

  const submit = form.handleSubmit({
    check: () => {
      if (check.state === 'empty') return { handle: 'Please choose a handle.' };
      if (check.state === 'unavailable') return { handle: HANDLE_PROBLEM_MESSAGES[check.problem] };
      if (!values.title.trim()) return { title: 'Please give your site a title.' };
      return {};
    },
    send: async () => {
      const { brandColor, ...words } = values;
      const body = { ...words, handle: normaliseHandle(values.handle), title: values.title.trim(), tagline: values.tagline.trim(), about: values.about.trim(), ...(brandColor !== site.brandColor ? { brandColor } : {}) };
      const answer = await call(sitesApi.updateMySite, { body });
      onSaved(answer.site);
      setSaved('Your site settings are saved.');
    },
  });

  return (
    <form className="settings-form" noValidate onSubmit={submit} aria-labelledby="site-details-heading">
      <h2 id="site-details-heading" className="settings-card__title">
        Site details
      </h2>
      <HandleField id={FIELD_IDS.handle} value={values.handle} check={check} error={form.errors.handle} onChange={(value) => update('handle', value)} />
      {normaliseHandle(values.handle) !== site.handle && site.publishedAt && (
        <p className="settings-form__warning">Changing your handle changes your site's address: links you have shared to the old one will stop working.</p>
      )}
      <FormField id={FIELD_IDS.title} label="Site title" name="title" maxLength={SITE_TITLE_MAX_LENGTH} counted value={values.title} error={form.errors.title} onChange={(event) => update('title', event.target.value)} />
      <FormField id={FIELD_IDS.tagline} label="Tagline" name="tagline" maxLength={SITE_TAGLINE_MAX_LENGTH} counted value={values.tagline} error={form.errors.tagline} onChange={(event) => update('tagline', event.target.value)} />
      <div className="field">
        <div className="field__label-row">
          <label className="field__label" htmlFor={FIELD_IDS.about}>
            About
          </label>
        </div>
        <textarea
          id={FIELD_IDS.about}
          className="field__input"
          name="about"
          maxLength={SITE_ABOUT_MAX_LENGTH}
          value={values.about}
          aria-invalid={form.errors.about ? true : undefined}
          aria-describedby={describedBy(FIELD_IDS.about, { hasCount: true, error: form.errors.about })}
          onChange={(event) => update('about', event.target.value)}
        />
        <CharacterCount fieldId={FIELD_IDS.about} length={values.about.length} max={SITE_ABOUT_MAX_LENGTH} />
        <FieldError fieldId={FIELD_IDS.about} message={form.errors.about} />
      </div>
      <BrandColorField id={FIELD_IDS.brandColor} value={values.brandColor} onChange={(value) => update('brandColor', value)} />
      <p className="settings-form__note">{ONE_BRAND_NOTE.colour}</p>
      <p className="settings-form__note">
        {ONE_BRAND_NOTE.logoBefore}
        <Link to="/customize-site">{ONE_BRAND_NOTE.logoLink}</Link>
        {ONE_BRAND_NOTE.logoAfter}
      </p>
      <LiveMessage tone="error">{form.message}</LiveMessage>
      <LiveMessage tone="success">{saved}</LiveMessage>
      <div className="settings-form__actions">
        <BusyButton type="submit" busy={form.busy}>
          Save changes
        </BusyButton>
      </div>
    </form>
  );
}

