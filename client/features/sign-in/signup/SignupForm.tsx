/**
 * The sign-up form of SPEC.md section 2. Every problem shows at once under its
 * field; the server's answer shows under the e-mail (section 8). On success the
 * new, unverified creator goes to /verify-email.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FULL_NAME_MAX_LENGTH } from '../../../../common/constants.ts';
import { OTHER_NICHE } from '../../../../common/niches.ts';
import { useAuth } from '../../../app/auth.tsx';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { EmailField } from '../../../components/EmailField.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import * as authApi from '../../../../common/api/auth.ts';
import { call } from '../../../lib/api.ts';
import { NicheFields } from './NicheFields.tsx';
import { EMPTY_SIGNUP, loadSignupRules, signupServerError, toSignupRequest, type SignupField, type SignupValues } from './signup-form.ts';
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
  const { setUser } = useAuth();
  const navigate = useNavigate();
  // SPEC.md section 8: every answer of the server shows under the e-mail.
  const form = useFormSubmit<SignupField>({ fieldIds: FIELD_IDS, problemFor: (code) => ({ field: 'email', message: signupServerError(code) }) });

  const update = <Field extends SignupField>(field: Field, value: SignupValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };

  useEffect(() => {
    void loadSignupRules().catch(() => undefined);
  }, []);

  const submit = form.handleSubmit({
    check: async () => (await loadSignupRules()).validateSignup(values),
    send: async () => {
      setUser((await call(authApi.signup, { body: toSignupRequest(values) })).user);
      void navigate('/verify-email', { replace: true });
    },
  });

  return (
    // method="post": sent before the page's script runs (docs/decisions/118), the password stays out of the URL.
    <form className="auth-form" method="post" noValidate onSubmit={submit}>
      <FormField
        id={FIELD_IDS.fullName}
        label="Full name"
        name="fullName"
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH}
        value={values.fullName}
        error={form.errors.fullName}
        onChange={(event) => update('fullName', event.target.value)}
      />
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
      <EmailField
        id={FIELD_IDS.email}
        value={values.email}
        error={form.errors.email}
        onChange={(event) => update('email', event.target.value)}
      />
      <PasswordField
        id={FIELD_IDS.password}
        label="Password"
        name="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.password}
        error={form.errors.password}
        onChange={(event) => update('password', event.target.value)}
      />
      <TermsCheckbox
        id={FIELD_IDS.agreeToTerms}
        checked={values.agreeToTerms}
        error={form.errors.agreeToTerms}
        onChange={(event) => update('agreeToTerms', event.target.checked)}
      />
      <BusyButton type="submit" size="lg" className="auth-form__submit" busy={form.busy}>
        Sign Up
      </BusyButton>
      <p className="auth-form__switch">
        Already have an account? <Link to="/login">Sign In</Link>
      </p>
    </form>
  );
}
