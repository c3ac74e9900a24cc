/**
 * A member's first step on /onboarding (docs/decisions/059): what a site of
 * their own gives them (SPEC.md's offer cards, word for word), the niche that
 * /signup asks of every creator, and the button that makes them a creator.
 * The wizard then continues as for anyone who signed up at /signup.
 */
import { useState } from 'react';
import * as meApi from '../../../common/api/me.ts';
import type { ErrorCode } from '../../../common/error-codes.ts';
import { messageFor, SERVER_MESSAGES, SIGNUP_FIELD_MESSAGES } from '../../../common/messages.ts';
import { OTHER_NICHE } from '../../../common/niches.ts';
import { listProblems, startSiteSchema } from '../../../common/validation.ts';
import { useAuth } from '../../app/auth.tsx';
import { useFormSubmit } from '../../app/useFormSubmit.ts';
import { BusyButton } from '../../components/BusyButton.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { OFFERS } from '../../content/what-you-get.ts';
import { call } from '../../lib/api.ts';
import { NicheFields } from '../sign-in/signup/NicheFields.tsx';

type NicheField = 'niche' | 'customNiche';
const FIELD_IDS: Record<NicheField, string> = { niche: 'start-site-niche', customNiche: 'start-site-custom-niche' };

/** /signup's words for the niche; the server's for anything else. */
function messageOf(code: ErrorCode): string {
  return messageFor(SIGNUP_FIELD_MESSAGES, code, SERVER_MESSAGES[code]);
}

export function StartSiteStep() {
  const { setUser } = useAuth();
  const [values, setValues] = useState({ niche: '', customNiche: '' });
  const form = useFormSubmit<NicheField>({
    fieldIds: FIELD_IDS,
    problemFor: (code) =>
      code === 'missing-niche' ? { field: 'niche', message: messageOf(code) } : code === 'missing-custom-niche' ? { field: 'customNiche', message: messageOf(code) } : { message: messageOf(code) },
  });

  const body = values.niche === OTHER_NICHE ? { niche: values.niche, customNiche: values.customNiche.trim() } : { niche: values.niche };
  const submit = form.handleSubmit({
    check: () => {
      const parsed = startSiteSchema.safeParse(body);
      if (parsed.success) return {};
      const errors: Partial<Record<NicheField, string>> = {};
      for (const { field, code } of listProblems(parsed.error)) if (field === 'niche' || field === 'customNiche') errors[field] = messageOf(code);
      return errors;
    },
    // The answer is a creator: the page shows the wizard's first step in place of this one.
    send: async () => setUser((await call(meApi.startSite, { body })).user),
  });

  return (
    <section className="start-site" aria-labelledby="start-site-heading">
      <h2 id="start-site-heading" className="wizard__heading">
        Start your own site
      </h2>
      <p className="wizard__lead">Fully own your brand: a site of your own at /@your-handle. Your memberships stay as they are.</p>
      <ul className="start-site__offers">
        {OFFERS.cards.map((card) => (
          <li key={card.title}>{card.title}</li>
        ))}
      </ul>
      <form className="wizard__form" noValidate onSubmit={submit}>
        <NicheFields
          ids={FIELD_IDS}
          niche={values.niche}
          customNiche={values.customNiche}
          errors={form.errors}
          onNicheChange={(niche) => {
            setValues((current) => ({ ...current, niche }));
            form.clearError('niche');
            if (niche !== OTHER_NICHE) form.clearError('customNiche');
          }}
          onCustomNicheChange={(customNiche) => {
            setValues((current) => ({ ...current, customNiche }));
            form.clearError('customNiche');
          }}
        />
        <LiveMessage tone="error">{form.message}</LiveMessage>
        <BusyButton type="submit" busy={form.busy}>
          Start my site
        </BusyButton>
      </form>
    </section>
  );
}
