/**
 * /signup/google: a first Google sign-in accepts the terms before its account
 * is made. The server keeps the Google identity a few minutes behind an
 * HttpOnly cookie; this screen shows whose it is and asks the rest.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { AuthScreen } from '../../../components/AuthScreen.tsx';
import * as authApi from '../../../../common/api/auth.ts';
import type { GoogleSignupIdentity } from '../../../../common/api/auth.ts';
import { call } from '../../../lib/api.ts';
import { useLoad } from '../../../lib/useLoad.ts';
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
  const { loaded } = useLoad((signal) => call(authApi.googleSignupIdentity, { signal }));
  const identity = loaded.state === 'ready' ? loaded.data : undefined;
  const failed = loaded.state === 'failed';
  const navigate = useNavigate();

  // No identity waiting (expired, or never there): back to where a Google sign-in that failed lands.
  useEffect(() => {
    if (failed) void navigate(GOOGLE_FAILURE_PATH, { replace: true });
  }, [failed, navigate]);

  return (
    <AuthScreen
      heading="Create your account"
      intro={identity ? <p>{introOf(identity)}</p> : <p>Please wait...</p>}
    >
      {identity && <GoogleSignupForm joining={identity.joining} />}
    </AuthScreen>
  );
}
