/**
 * SPEC.md "Onboarding": the creator area's first page, a placeholder until the
 * setup steps exist. Logout ends the session and returns to /login.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth.tsx';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { Button } from '../../components/Button.tsx';
import { BusyButton } from '../../components/BusyButton.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import './onboarding.css';

export default function OnboardingPage() {
  usePageMeta({ title: 'Welcome | Creator Platform', robots: 'noindex' });
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);

  const logout = async () => {
    if (signingOut) return;
    setSigningOut(true);
    setFailed(false);
    try {
      await signOut();
      void navigate('/login', { replace: true });
    } catch {
      setFailed(true);
      setSigningOut(false);
    }
  };

  return (
    <section className="onboarding" aria-labelledby="onboarding-heading">
      <p className="onboarding__eyebrow">Under construction</p>
      <h1 id="onboarding-heading" className="onboarding__heading">
        Welcome, {user?.displayName || 'creator'}!
      </h1>
      <p className="onboarding__text">
        Your creator space is being built. Soon this is where you will upload content, welcome subscribers, connect your
        domain and shape a site that is fully your brand.
      </p>
      <p className="onboarding__text">Thanks for joining early.</p>
      <div className="onboarding__actions">
        <Button to="/" size="lg">
          Back to Landing Page
        </Button>
        <BusyButton variant="secondary" size="lg" busy={signingOut} onClick={logout}>
          Logout
        </BusyButton>
      </div>
      <LiveMessage tone="error">{failed ? 'Signing out failed. Please check your connection and try again.' : undefined}</LiveMessage>
    </section>
  );
}
