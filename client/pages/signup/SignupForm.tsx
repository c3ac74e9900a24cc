/**
 * The sign-up form of SPEC.md section 2. Every problem shows at once under its
 * field; the server's answer shows under the e-mail (section 8). On success the
 * new, unverified creator goes to /verify-email.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FULL_NAME_MAX_LENGTH, CUSTOM_NICHE_MAX_LENGTH } from '../../../common/constants.ts';
import { OTHER_NICHE } from '../../../common/niches.ts';
import { useAuth } from '../../app/auth.tsx';
import { BusyButton } from '../../components/BusyButton.tsx';
import { EmailField } from '../../components/EmailField.tsx';
import { focusField } from '../../components/FieldError.tsx';
import { FormField } from '../../components/FormField.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { api, toErrorCode } from '../../lib/api.ts';
import { NicheSelect } from './NicheSelect.tsx';
import {
  EMPTY_SIGNUP,
  firstProblemField,
  loadSignupRules,
  signupServerError,
  toSignupRequest,
  type SignupErrors,
  type SignupField,
  type SignupValues,
} from './signup-form.ts';
import { TermsCheckbox } from './TermsCheckbox.tsx';

const FIELD_IDS: Record<SignupField, string> = {
  fullName: 'signup-full-name',
  niche: 'signup-niche',
  customNiche: 'signup-custom-niche',
  email: 'signup-email',
  password: 'signup-password',
  agreeToTerms: 'signup-terms',
};

export function SignupForm() {
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const { setUser } = useAuth();
  const navigate = useNavigate();

  const update = <Field extends SignupField>(field: Field, value: SignupValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  useEffect(() => {
    void loadSignupRules().catch(() => undefined);
  }, []);

  const showErrors = (next: SignupErrors) => {
    setErrors(next);
    const first = firstProblemField(next);
    focusField(first ? FIELD_IDS[first] : undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    // Taken before the rules are awaited, so a double click cannot send twice.
    submitting.current = true;
    try {
      const { validateSignup } = await loadSignupRules();
      const problems = validateSignup(values);
      if (firstProblemField(problems)) return showErrors(problems);
      setBusy(true);
      setErrors({});
      const user = await api.signup(toSignupRequest(values));
      setUser(user);
      void navigate('/verify-email', { replace: true });
    } catch (error) {
      showErrors({ email: signupServerError(toErrorCode(error)) });
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <FormField
        id={FIELD_IDS.fullName}
        label="Full name"
        name="fullName"
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH}
        value={values.fullName}
        error={errors.fullName}
        onChange={(event) => update('fullName', event.target.value)}
      />
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
      <EmailField
        id={FIELD_IDS.email}
        value={values.email}
        error={errors.email}
        onChange={(event) => update('email', event.target.value)}
      />
      <PasswordField
        id={FIELD_IDS.password}
        label="Password"
        name="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.password}
        error={errors.password}
        onChange={(event) => update('password', event.target.value)}
      />
      <TermsCheckbox
        id={FIELD_IDS.agreeToTerms}
        checked={values.agreeToTerms}
        error={errors.agreeToTerms}
        onChange={(event) => update('agreeToTerms', event.target.checked)}
      />
      <BusyButton type="submit" size="lg" className="auth-form__submit" busy={busy}>
        Sign Up
      </BusyButton>
      <p className="auth-form__switch">
        Already have an account? <Link to="/login">Sign In</Link>
      </p>
    </form>
  );
}
