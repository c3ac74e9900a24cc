/**
 * The e-mail and password form of the login screen: SPEC.md section 5's checks
 * before sending, section 8's messages under the field they concern after.
 * Values survive every error; editing a field clears that field's error.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { safeNextPath } from '../../../../common/next-path.ts';
import { RESET_STATES } from '../../../../common/messages.ts';
import { useAuth } from '../../../app/auth.tsx';
import { usePublicConfig } from '../../../app/public-config.tsx';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { EmailField } from '../../../components/EmailField.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import * as authApi from '../../../../common/api/auth.ts';
import { call } from '../../../lib/api.ts';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';
import { loadLoginRules, loginServerError, type LoginField } from './login-messages.ts';
import { usePasswordResetRequest } from './usePasswordResetRequest.ts';

const FIELD_IDS: Record<LoginField, string> = { email: 'login-email', password: 'login-password' };

const RESET_LINK_TEXT = { idle: 'Forgot password?', sending: RESET_STATES.sending, sent: RESET_STATES.sent } as const;

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { setUser } = useAuth();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const { search } = useLocation();
  const reset = usePasswordResetRequest();
  const form = useFormSubmit<LoginField>({ fieldIds: FIELD_IDS, problemFor: loginServerError });

  useEffect(() => {
    void loadLoginRules().catch(() => undefined);
  }, []);

  const submit = form.handleSubmit({
    check: async () => (await loadLoginRules()).validateLogin({ email, password }, config?.supportEmail),
    send: async () => {
      const { user } = await call(authApi.login, { body: { email: email.trim(), password } });
      // Back to the creator's site that sent them here (its join page); the server renders those pages, hence a full load.
      const next = user.emailVerified ? safeNextPath(search) : undefined;
      if (next) {
        window.location.assign(next);
        return;
      }
      setUser(user);
      // A verified member is sent to their site by this page's guest-only guard (decideGuestOnly), not into the creator's wizard.
      if (user.emailVerified && user.role === 'member') return;
      // /onboarding sends an unverified user on to /verify-email (SPEC.md section 4).
      void navigate('/onboarding', { replace: true });
    },
  });

  const requestReset = async () => {
    if (reset.state !== 'idle') return;
    const problem = await reset.request(email);
    if (problem) form.showErrors({ email: problem });
  };

  return (
    // method="post": sent before the page's script runs (docs/decisions/118), the password stays out of the URL.
    <form className="auth-form" method="post" noValidate onSubmit={submit}>
      <EmailField
        id={FIELD_IDS.email}
        value={email}
        error={form.errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          form.clearError('email');
          reset.clear();
        }}
      />
      <PasswordField
        id={FIELD_IDS.password}
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={form.errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          form.clearError('password');
        }}
        labelAction={
          <button type="button" className="text-button" aria-disabled={reset.state !== 'idle' || undefined} onClick={requestReset}>
            {RESET_LINK_TEXT[reset.state]}
          </button>
        }
      />
      <LiveMessage tone="success">{reset.state === 'sent' ? RESET_STATES.sentMessage : undefined}</LiveMessage>
      <BusyButton type="submit" size="lg" className="auth-form__submit" busy={form.busy}>
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
