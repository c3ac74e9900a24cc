/**
 * The terms step of a first Google sign-in: the niche (SPEC.md requires one) and
 * the terms checkbox of the sign-up form. Only once they are sent does the
 * server make the account; then the creator goes to /onboarding, as after any
 * Google sign-in. A sign-in begun on a creator's join page (`joining`) makes a
 * member: only the terms are asked, and they go back to that join page.
 * A lost or stale step goes back to /login with SPEC.md's alert.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import * as authApi from '../../../../common/api/auth.ts';
import { OTHER_NICHE } from '../../../../common/niches.ts';
import { useAuth } from '../../../app/auth.tsx';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import type { GoogleSignupIdentity } from '../../../../common/api/auth.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { NicheFields } from '../signup/NicheFields.tsx';
import { signupServerError } from '../signup/signup-form.ts';
import { TermsCheckbox } from '../signup/TermsCheckbox.tsx';
import { EMPTY_GOOGLE_SIGNUP, toGoogleSignupRequest, validateGoogleSignup, type GoogleSignupField, type GoogleSignupValues } from './google-signup-form.ts';

const FIELD_IDS: Record<GoogleSignupField, string> = {
  niche: 'google-signup-niche',
  customNiche: 'google-signup-custom-niche',
  agreeToTerms: 'google-signup-terms',
};

export const GOOGLE_FAILURE_PATH = '/login?error=google';

export function GoogleSignupForm({ joining }: { joining: GoogleSignupIdentity['joining'] }) {
  const isJoining = joining !== undefined;
  const [values, setValues] = useState<GoogleSignupValues>(EMPTY_GOOGLE_SIGNUP);
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const form = useFormSubmit<GoogleSignupField>({
    fieldIds: FIELD_IDS,
    problemFor: (code) => ({ field: 'agreeToTerms', message: signupServerError(code) }),
  });

  const update = <Field extends GoogleSignupField>(field: Field, value: GoogleSignupValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };

  const submit = form.handleSubmit({
    check: () => validateGoogleSignup(values, isJoining),
    send: async () => {
      try {
        const answer = await call(authApi.completeGoogleSignup, { body: toGoogleSignupRequest(values, isJoining) });
        // The join page is the server's, not this app's: a full load, signed in.
        if (answer.next) {
          window.location.assign(answer.next);
          return;
        }
        setUser(answer.user);
        void navigate('/onboarding', { replace: true });
      } catch (error) {
        const code = toErrorCode(error);
        if (code !== 'invalid-token' && code !== 'expired-token') throw error;
        void navigate(GOOGLE_FAILURE_PATH, { replace: true });
      }
    },
  });

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      {!isJoining && (
        <NicheFields
          ids={FIELD_IDS}
          niche={values.niche}
          customNiche={values.customNiche}
          errors={form.errors}
          onNicheChange={(niche) => {
            update('niche', niche);
            if (niche !== OTHER_NICHE) form.clearError('customNiche');
          }}
          onCustomNicheChange={(customNiche) => update('customNiche', customNiche)}
        />
      )}
      <TermsCheckbox
        id={FIELD_IDS.agreeToTerms}
        checked={values.agreeToTerms}
        error={form.errors.agreeToTerms}
        onChange={(event) => update('agreeToTerms', event.target.checked)}
      />
      <BusyButton type="submit" size="lg" className="auth-form__submit" busy={form.busy}>
        {isJoining ? 'Sign Up and join' : 'Sign Up'}
      </BusyButton>
      <p className="auth-form__switch">
        Not the Google account you meant? <Link to="/login">Back to Sign In</Link>
      </p>
    </form>
  );
}
