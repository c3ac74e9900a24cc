/**
 * The onboarding wizard (issue 9 item 1): handle, title and tagline, avatar
 * and banner, brand colour, niche. The step shown is kept on the user's row
 * (`onboardingStep`), so a reload resumes it; finishing publishes the site and
 * opens the overview. A creator who has finished is sent there at once. A
 * member who opens it is first offered a site of their own (StartSiteStep).
 * SPEC.md's 'Back to Landing Page' and 'Logout' stay at the foot of the page.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import * as sitesApi from '../../../common/api/sites.ts';
import { useAuth } from '../../app/auth.tsx';
import { usePageMeta } from '../../app/usePageMeta.ts';
import { useSignOut } from '../../app/useSignOut.ts';
import { Button } from '../../components/Button.tsx';
import { BusyButton } from '../../components/BusyButton.tsx';
import { LiveMessage } from '../../components/LiveMessage.tsx';
import { siteErrorMessage } from '../../content/sites.ts';
import { useMySite } from '../sites/useMySite.ts';
import { call, toErrorCode } from '../../lib/api.ts';
import { ColorStep } from './steps/ColorStep.tsx';
import { HandleStep } from './steps/HandleStep.tsx';
import { ImagesStep } from './steps/ImagesStep.tsx';
import { StartSiteStep } from './StartSiteStep.tsx';
import { NicheStep } from './steps/NicheStep.tsx';
import type { StepProps } from './steps/StepProps.ts';
import { TitleStep } from './steps/TitleStep.tsx';
import { resumeStep, WIZARD_STEPS } from './wizard.ts';
import '../sites/site-forms.css';
import './onboarding.css';
import { LoadFailed, Loading } from '../../components/LoadStatus.tsx';

const STEP_SCREENS = [HandleStep, TitleStep, ImagesStep, ColorStep, NicheStep];

function Wizard({ initialSite }: { initialSite: sitesApi.SiteJson | null }) {
  const { user, setUser } = useAuth();
  const [site, setSite] = useState(initialSite);
  const [step, setStep] = useState(() => resumeStep(user?.onboardingStep ?? 0, initialSite !== null));
  const [backProblem, setBackProblem] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // A new step takes focus at its heading, so keyboard and screen-reader users start at its top.
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [step]);

  const goTo = async (next: number) => {
    setUser((await call(sitesApi.saveOnboardingStep, { body: { step: next } })).user);
    setStep(next);
  };

  const back = () => {
    setBackProblem(undefined);
    goTo(step - 1).catch((error: unknown) => setBackProblem(siteErrorMessage(toErrorCode(error))));
  };

  const StepScreen = STEP_SCREENS[step - 1]!;
  const props: StepProps = { site, onSite: setSite, onNext: () => goTo(step + 1), onBack: step > 1 ? back : undefined };
  return (
    <>
      <p className="wizard__progress">
        Step {step} of {WIZARD_STEPS.length}
      </p>
      <ol className="wizard__steps" aria-label="Setup steps">
        {WIZARD_STEPS.map((name, index) => (
          <li
            key={name}
            className={index + 1 === step ? 'wizard__step wizard__step--current' : index + 1 < step ? 'wizard__step wizard__step--done' : 'wizard__step'}
            aria-current={index + 1 === step ? 'step' : undefined}
          >
            <span className="wizard__step-name">{name}</span>
          </li>
        ))}
      </ol>
      <h2 ref={heading} tabIndex={-1} className="wizard__heading">
        {WIZARD_STEPS[step - 1]}
      </h2>
      {/* Keyed by step: each step starts from the site as it is now. */}
      <StepScreen key={step} {...props} />
      <LiveMessage tone="error">{backProblem}</LiveMessage>
    </>
  );
}

/** A creator's setup: their site loaded (or none yet), then the wizard. */
function CreatorSetup() {
  const { loaded, retry } = useMySite();
  return (
    <>
      {loaded.state === 'loading' && <Loading>Loading your site…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} />}
      {loaded.state === 'ready' && <Wizard initialSite={loaded.site} />}
    </>
  );
}

export default function OnboardingPage() {
  usePageMeta({ title: 'Set up your site | Creator Platform', robots: 'noindex' });
  const { user } = useAuth();
  const { signOut, signingOut, failureMessage } = useSignOut();

  if (user?.hasCompletedSetup) return <Navigate to="/dashboard/overview" replace />;
  // A member (docs/decisions/059) first becomes a creator; the wizard follows in place.
  const isMember = user?.role === 'member';

  return (
    <section className="onboarding studio" aria-labelledby="onboarding-heading">
      <h1 id="onboarding-heading" className="onboarding__heading">
        Welcome, {user?.displayName || 'creator'}!
      </h1>
      <p className="onboarding__intro">Let's set up your site. It takes a couple of minutes, and you can change everything later.</p>
      {isMember ? <StartSiteStep /> : <CreatorSetup />}
      <div className="onboarding__leave">
        <Button to="/" variant="ghost">
          Back to Landing Page
        </Button>
        <BusyButton variant="ghost" busy={signingOut} onClick={signOut}>
          Logout
        </BusyButton>
      </div>
      <LiveMessage tone="error">{failureMessage}</LiveMessage>
    </section>
  );
}
