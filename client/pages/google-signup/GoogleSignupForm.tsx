/**
 * The terms step of a first Google sign-in: the niche (SPEC.md requires one) and
 * the terms checkbox of the sign-up form. Only once they are sent does the
 * server make the account; then the creator goes to /onboarding, as after any
 * Google sign-in. A lost or stale step goes back to /login with SPEC.md's alert.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CUSTOM_NICHE_MAX_LENGTH } from '../../../common/constants.ts';
import { OTHER_NICHE } from '../../../common/niches.ts';
import { useAuth } from '../../app/auth.tsx';
import { BusyButton } from '../../components/BusyButton.tsx';
import { focusField } from '../../components/FieldError.tsx';
import { FormField } from '../../components/FormField.tsx';
import * as authApi from '../../../common/api/auth.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import { NicheSelect } from '../signup/NicheSelect.tsx';
import { signupServerError } from '../signup/signup-form.ts';
import { TermsCheckbox } from '../signup/TermsCheckbox.tsx';
import {
  EMPTY_GOOGLE_SIGNUP,
  firstGoogleSignupProblem,
  toGoogleSignupRequest,
  validateGoogleSignup,
  type GoogleSignupErrors,
  type GoogleSignupField,
  type GoogleSignupValues,
} from './google-signup-form.ts';

const FIELD_IDS: Record<GoogleSignupField, string> = {
  niche: 'google-signup-niche',
  customNiche: 'google-signup-custom-niche',
  agreeToTerms: 'google-signup-terms',
};

export const GOOGLE_FAILURE_PATH = '/login?error=google';

export function GoogleSignupForm() {
  const [values, setValues] = useState<GoogleSignupValues>(EMPTY_GOOGLE_SIGNUP);
  const [errors, setErrors] = useState<GoogleSignupErrors>({});
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const { setUser } = useAuth();
  const navigate = useNavigate();

  const update = <Field extends GoogleSignupField>(field: Field, value: GoogleSignupValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const showErrors = (next: GoogleSignupErrors) => {
    setErrors(next);
    const first = firstGoogleSignupProblem(next);
    focusField(first ? FIELD_IDS[first] : undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const problems = validateGoogleSignup(values);
    if (firstGoogleSignupProblem(problems)) return showErrors(problems);
    submitting.current = true;
    setBusy(true);
    try {
      const { user } = await call(authApi.completeGoogleSignup, { body: toGoogleSignupRequest(values) });
      setUser(user);
      navigate('/onboarding', { replace: true });
    } catch (error) {
      const code = toErrorCode(error);
      if (code === 'invalid-token' || code === 'expired-token') return navigate(GOOGLE_FAILURE_PATH, { replace: true });
      showErrors({ agreeToTerms: signupServerError(code) });
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <NicheSelect
        id={FIELD_IDS.niche}
        value={values.niche}
        error={errors.niche}
        onChange={(event) => {
          update('niche', event.target.value);
          if (event.target.value !== OTHER_NICHE) setErrors(({ customNiche: _cleared, ...rest }) => rest);
        }}
      />
      {values.niche === OTHER_NICHE && (
        <FormField
          id={FIELD_IDS.customNiche}
          label="Your niche"
          name="customNiche"
          maxLength={CUSTOM_NICHE_MAX_LENGTH}
          value={values.customNiche}
          error={errors.customNiche}
          onChange={(event) => update('customNiche', event.target.value)}
        />
      )}
      <TermsCheckbox
        id={FIELD_IDS.agreeToTerms}
        checked={values.agreeToTerms}
        error={errors.agreeToTerms}
        onChange={(event) => update('agreeToTerms', event.target.checked)}
      />
      <BusyButton type="submit" size="lg" className="auth-form__submit" busy={busy}>
        Sign Up
      </BusyButton>
    </form>
  );
}
