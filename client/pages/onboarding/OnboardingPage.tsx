/**
 * SPEC.md "Onboarding": the creator area's first page, a placeholder until the
 * setup steps exist. Logout ends the session and returns to /login.
 */
import { useAuth } from '../../app/auth.tsx';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { useSignOut } from '../../app/useSignOut.ts';
import { Button } from '../../components/Button.tsx';
import { BusyButton } from '../../components/BusyButton.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import './onboarding.css';

export default function OnboardingPage() {
  usePageMeta({ title: 'Welcome | Creator Platform', robots: 'noindex' });
  const { user } = useAuth();
  const { signOut, signingOut, failureMessage } = useSignOut();

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
        <BusyButton variant="secondary" size="lg" busy={signingOut} onClick={signOut}>
          Logout
        </BusyButton>
      </div>
      <LiveMessage tone="error">{failureMessage}</LiveMessage>
    </section>
  );
}
