/** SPEC.md "Login": the sign-in form on the left, the hero carousel on the right on wide screens. */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { GOOGLE_FAILURE_ALERT } from '../../../../common/messages.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { AuthScreen } from '../../../components/AuthScreen.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { WIDE_SCREEN_QUERY, useMediaQuery } from '../../../lib/media-query.ts';
import { LoginForm } from './LoginForm.tsx';
import './login.css';

const HeroCarousel = lazy(() => import('./HeroCarousel.tsx'));

/** The server sends a failed Google sign-in back as ?error=google: alert once, then drop the parameter. */
function useGoogleFailureAlert() {
  const [params, setParams] = useSearchParams();
  const alerted = useRef(false);
  const failed = params.get('error') === 'google';

  useEffect(() => {
    if (!failed || alerted.current) return;
    alerted.current = true;
    window.alert(GOOGLE_FAILURE_ALERT);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [failed, setParams]);

  return params;
}

export default function LoginPage() {
  usePageMeta({
    title: 'Sign In | Creator Platform',
    description: 'Sign in to your creator account and keep building a site that is fully your brand.',
  });
  const params = useGoogleFailureAlert();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  // Set by the server when a verification link was opened while signed out.
  const justVerified = params.get('verified') === '1';

  return (
    <AuthScreen
      heading="Welcome back"
      intro={<p>Sign in to keep building your brand.</p>}
      aside={
        wide ? (
          <Suspense fallback={<div className="login-aside-placeholder" />}>
            <HeroCarousel />
          </Suspense>
        ) : undefined
      }
    >
      <LiveMessage tone="success">{justVerified ? 'Your email is verified. Please sign in.' : undefined}</LiveMessage>
      <LoginForm />
    </AuthScreen>
  );
}
