/**
 * /reset-password?token=...: the page the reset mail links to. A new password,
 * then a way back to sign in; a dead link explains itself and points to the
 * login screen, where 'Forgot password?' sends a fresh one.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { SERVER_MESSAGES } from '../../../common/messages.ts';
import { useAuth } from '../../app/auth.tsx';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { AuthScreen } from '../../components/AuthScreen.tsx';
import { Button } from '../../components/Button.tsx';
import { BusyButton } from '../../components/BusyButton.tsx';
import { focusField } from '../../components/FieldError.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { api, toErrorCode } from '../../lib/api.ts';
import { confirmFailure, newPasswordProblem } from './reset-password-rules.ts';

const PASSWORD_ID = 'reset-new-password';

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

export default function ResetPasswordPage() {
  usePageMeta({ title: 'Choose a new password | Creator Platform', robots: 'noindex' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, setUser } = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [linkError, setLinkError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submitting = useRef(false);

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

  const showError = (message: string) => {
    setError(message);
    focusField(PASSWORD_ID);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const problem = newPasswordProblem(password);
    if (problem) {
      showError(problem);
      return;
    }
    submitting.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await api.confirmPasswordReset(token, password);
      // The server ends every session of this account, this browser's included.
      if (user) setUser(null);
      setDone(true);
    } catch (failure) {
      const outcome = confirmFailure(toErrorCode(failure));
      if (outcome.kind === 'link') setLinkError(outcome.message);
      else showError(outcome.message);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  return (
    <AuthScreen heading="Choose a new password" intro={<p>Pick a password of at least 8 characters that you don't use anywhere else.</p>}>
      <form className="auth-form" noValidate onSubmit={submit}>
        <PasswordField
          id={PASSWORD_ID}
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
        <BusyButton type="submit" size="lg" className="auth-form__submit" busy={busy}>
          Set new password
        </BusyButton>
      </form>
    </AuthScreen>
  );
}
