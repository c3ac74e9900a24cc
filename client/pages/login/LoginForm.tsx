/**
 * The e-mail and password form of the login screen: SPEC.md section 5's checks
 * before sending, section 8's messages under the field they concern after.
 * Values survive every error; editing a field clears that field's error.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { RESET_STATES } from '../../../common/messages.ts';
import { useAuth } from '../../app/auth.tsx';
import { usePublicConfig } from '../../app/public-config.tsx';
import { BusyButton } from '../../components/BusyButton.tsx';
import { focusField } from '../../components/FieldError.tsx';
import { EmailField } from '../../components/EmailField.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { api, toErrorCode } from '../../lib/api.ts';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { loadLoginRules, loginServerError, type LoginErrors, type LoginField } from './login-messages.ts';
import { usePasswordResetRequest } from './usePasswordResetRequest.ts';

const FIELD_IDS: Record<LoginField, string> = { email: 'login-email', password: 'login-password' };

const RESET_LINK_TEXT = { idle: 'Forgot password?', sending: RESET_STATES.sending, sent: RESET_STATES.sent } as const;

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const { setUser } = useAuth();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const reset = usePasswordResetRequest();

  useEffect(() => {
    void loadLoginRules().catch(() => undefined);
  }, []);

  const showErrors = (next: LoginErrors) => {
    setErrors(next);
    focusField(next.email ? FIELD_IDS.email : next.password ? FIELD_IDS.password : undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    // Taken before the rules are awaited, so a double click cannot send twice.
    submitting.current = true;
    try {
      const { validateLogin } = await loadLoginRules();
      const problems = validateLogin({ email, password }, config?.supportEmail);
      if (problems.email || problems.password) return showErrors(problems);
      setBusy(true);
      setErrors({});
      const user = await api.login(email.trim(), password);
      setUser(user);
      // /onboarding sends an unverified user on to /verify-email (SPEC.md section 4).
      void navigate('/onboarding', { replace: true });
    } catch (error) {
      const { field, message } = loginServerError(toErrorCode(error));
      showErrors({ [field]: message });
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const requestReset = async () => {
    if (reset.state !== 'idle') return;
    const problem = await reset.request(email);
    if (problem) showErrors({ email: problem });
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <EmailField
        id={FIELD_IDS.email}
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors(({ email: _cleared, ...rest }) => rest);
          reset.clear();
        }}
      />
      <PasswordField
        id={FIELD_IDS.password}
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors(({ password: _cleared, ...rest }) => rest);
        }}
        labelAction={
          <button type="button" className="text-button" aria-disabled={reset.state !== 'idle' || undefined} onClick={requestReset}>
            {RESET_LINK_TEXT[reset.state]}
          </button>
        }
      />
      <LiveMessage tone="success">{reset.state === 'sent' ? RESET_STATES.sentMessage : undefined}</LiveMessage>
      <BusyButton type="submit" size="lg" className="auth-form__submit" busy={busy}>
        Sign In
      </BusyButton>
      <p className="auth-form__divider">or</p>
      <GoogleSignInButton />
      <p className="auth-form__switch">
        Don't have an account? <Link to="/signup">Sign Up</Link>
      </p>
    </form>
  );
}
