/**
 * /reset-password?token=...: the page the reset mail links to. The token is
 * read once and taken out of the address at once, so it does not stay in the
 * browser's history. A new password, then a way back to sign in; a dead link
 * explains itself and points to the login screen, where 'Forgot password?'
 * sends a fresh one.
 */
import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SERVER_MESSAGES } from '../../../../common/messages.ts';
import { useAuth } from '../../../app/auth.tsx';
import { useFormSubmit } from '../../../app/useFormSubmit.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { AuthScreen } from '../../../components/AuthScreen.tsx';
import { Button } from '../../../components/Button.tsx';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import * as authApi from '../../../../common/api/auth.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { confirmFailure, newPasswordProblem, withoutToken } from './reset-password-rules.ts';

const FIELD_IDS = { password: 'reset-new-password' } as const;

function DeadLink({ message }: { message: string }) {
  return (
    <AuthScreen heading="This link no longer works">
      <LiveMessage tone="error">{message}</LiveMessage>
      <p>Go back to the sign-in page, enter your email and choose 'Forgot password?' to get a new link.</p>
      <Button to="/login" size="lg" className="auth-form__submit">
        Back to sign in
      </Button>
    </AuthScreen>
  );
}

/** The token of the address this page opened with, which is then replaced by one without it. */
function useTokenFromAddress(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => withoutToken(location.search).token);

  // Before the browser paints: the address with the token is replaced, not followed by a new entry.
  useLayoutEffect(() => {
    const { token: inAddress, search } = withoutToken(location.search);
    if (inAddress) void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
  }, [location, navigate]);

  return token;
}

export default function ResetPasswordPage() {
  usePageMeta({ title: 'Choose a new password | Creator Platform', robots: 'noindex' });
  const token = useTokenFromAddress();
  const { user, setUser } = useAuth();
  const [password, setPassword] = useState('');
  const [linkError, setLinkError] = useState<string>();
  const [done, setDone] = useState(false);
  const form = useFormSubmit({
    fieldIds: FIELD_IDS,
    problemFor: (code) => {
      const failure = confirmFailure(code);
      return failure.kind === 'field' ? { field: 'password', message: failure.message } : { message: failure.message };
    },
  });

  if (!token) return <DeadLink message={SERVER_MESSAGES['invalid-token']} />;
  if (linkError) return <DeadLink message={linkError} />;

  if (done) {
    return (
      <AuthScreen heading="Your password has been changed">
        <LiveMessage tone="success">You can now sign in with your new password. For your safety, every other session was signed out.</LiveMessage>
        <Button to="/login" size="lg" className="auth-form__submit">
          Go to sign in
        </Button>
      </AuthScreen>
    );
  }

  const submit = form.handleSubmit({
    check: () => {
      const problem = newPasswordProblem(password);
      return problem ? { password: problem } : {};
    },
    send: async () => {
      try {
        await call(authApi.confirmPasswordReset, { body: { token, password } });
      } catch (failure) {
        const outcome = confirmFailure(toErrorCode(failure));
        if (outcome.kind !== 'link') throw failure;
        setLinkError(outcome.message);
        return;
      }
      // The server ends every session of this account, this browser's included.
      if (user) setUser(null);
      setDone(true);
    },
  });

  return (
    <AuthScreen heading="Choose a new password" intro={<p>Pick a password of at least 8 characters that you don't use anywhere else.</p>}>
      <form className="auth-form" noValidate onSubmit={submit}>
        <PasswordField
          id={FIELD_IDS.password}
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          error={form.errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clearError('password');
          }}
        />
        <LiveMessage tone="error">{form.message}</LiveMessage>
        <BusyButton type="submit" size="lg" className="auth-form__submit" busy={form.busy}>
          Set new password
        </BusyButton>
      </form>
    </AuthScreen>
  );
}
