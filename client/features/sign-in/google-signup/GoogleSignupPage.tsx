/**
 * /signup/google: a first Google sign-in accepts the terms before its account
 * is made. The server keeps the Google identity a few minutes behind an
 * HttpOnly cookie; this screen shows whose it is and asks the rest.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { AuthScreen } from '../../../components/AuthScreen.tsx';
import * as authApi from '../../../../common/api/auth.ts';
import type { GoogleSignupIdentity } from '../../../../common/api/auth.ts';
import { call } from '../../../lib/api.ts';
import { GOOGLE_FAILURE_PATH, GoogleSignupForm } from './GoogleSignupForm.tsx';
import '../signup/signup.css';

function introOf({ email, joining }: GoogleSignupIdentity): string {
  return joining ? `Signing up with Google as ${email} to join ${joining.title}.` : `Signing up with Google as ${email}.`;
}

export default function GoogleSignupPage() {
  usePageMeta({
    title: 'Sign Up | Creator Platform',
    description: 'Finish creating your creator account with Google.',
  });
  const [identity, setIdentity] = useState<GoogleSignupIdentity | undefined>();
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    call(authApi.googleSignupIdentity, { signal: controller.signal }).then(
      (found) => {
        if (!controller.signal.aborted) setIdentity(found);
      },
      () => {
        if (!controller.signal.aborted) void navigate(GOOGLE_FAILURE_PATH, { replace: true });
      },
    );
    return () => controller.abort();
  }, [navigate]);

  return (
    <AuthScreen
      heading="Create your account"
      intro={identity ? <p>{introOf(identity)}</p> : <p>Please wait...</p>}
    >
      {identity && <GoogleSignupForm joining={identity.joining} />}
    </AuthScreen>
  );
}
