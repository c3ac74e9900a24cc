/**
 * SPEC.md "Verify-email": where the link was sent, 'Checking verification...'
 * while polling, and on to /onboarding (a member: their site) the moment the address is verified.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth.tsx';
import { useLandOnHome } from '../../../app/useLandOnHome.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { useSignOut } from '../../../app/useSignOut.ts';
import { AuthScreen } from '../../../components/AuthScreen.tsx';
import { BusyButton } from '../../../components/BusyButton.tsx';
import { LiveMessage } from '../../../components/LiveMessage.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import * as authApi from '../../../../common/api/auth.ts';
import { call, toErrorCode } from '../../../lib/api.ts';
import { useVerificationPoll } from './useVerificationPoll.ts';
import { linkProblem, resendFailed, resendSucceeded, type ResendOutcome } from '../../../content/verify-email.ts';
import './verify-email.css';

export default function VerifyEmailPage() {
  usePageMeta({ title: 'Verify your email | Creator Platform', robots: 'noindex' });
  const { user } = useAuth();
  const { signOut, signingOut, failureMessage } = useSignOut();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [resending, setResending] = useState(false);
  const [resendOutcome, setResendOutcome] = useState<ResendOutcome>();
  const verified = user?.emailVerified === true;

  useVerificationPoll(Boolean(user) && !verified);

  const land = useLandOnHome();
  const isMember = user?.role === 'member';
  useEffect(() => {
    if (!verified) return;
    // A member goes back to the site they joined, not into the creator's wizard (docs/decisions/059).
    if (isMember) void land();
    else void navigate('/onboarding', { replace: true });
  }, [verified, isMember, land, navigate]);

  if (!user) return null;

  const resend = async () => {
    if (resending) return;
    setResending(true);
    setResendOutcome(undefined);
    try {
      await call(authApi.resendVerificationEmail);
      setResendOutcome(resendSucceeded(user.email));
    } catch (error) {
      setResendOutcome(resendFailed(toErrorCode(error)));
    } finally {
      setResending(false);
    }
  };

  const problem = linkProblem(params.get('error'));

  return (
    <AuthScreen
      heading="Verify your email"
      intro={
        <p>
          We sent a verification link to <strong className="verify-email__address">{user.email}</strong>. Open it to
          activate your account; this page moves on by itself once you have.
        </p>
      }
    >
      <LiveMessage tone="error">{problem}</LiveMessage>
      <p className="verify-email__status" role="status">
        <Spinner size="sm" />
        Checking verification...
      </p>
      <p className="verify-email__hint">No email after a few minutes? Check your spam folder or send a new one.</p>
      <div className="verify-email__actions">
        <BusyButton busy={resending} onClick={resend}>
          Resend email
        </BusyButton>
        <BusyButton variant="ghost" busy={signingOut} onClick={signOut}>
          Sign out
        </BusyButton>
      </div>
      <LiveMessage tone={resendOutcome?.tone} assertive={false}>{resendOutcome?.message}</LiveMessage>
      <LiveMessage tone="error">{failureMessage}</LiveMessage>
    </AuthScreen>
  );
}
