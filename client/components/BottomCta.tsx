/** The bottom call to action of the public pages (SPEC.md): 'Get Started' to /login, plus the privacy and terms pages. */
import { Link } from 'react-router';
import { BOTTOM_CTA } from '../content/call-to-action.ts';
import { Button } from './Button.tsx';
import { FadeIn } from './FadeIn.tsx';
import './BottomCta.css';

export function BottomCta() {
  return (
    <section className="bottom-cta" aria-labelledby="bottom-cta-title">
      <FadeIn className="bottom-cta__inner">
        <h2 id="bottom-cta-title" className="bottom-cta__title">
          {BOTTOM_CTA.title}
        </h2>
        <p className="bottom-cta__text">{BOTTOM_CTA.text}</p>
        <Button to="/login" variant="light" size="lg">
          {BOTTOM_CTA.button}
        </Button>
        <p className="bottom-cta__legal">
          {BOTTOM_CTA.legalPrefix} <Link to="/privacy-policy">{BOTTOM_CTA.privacyLabel}</Link> and{' '}
          <Link to="/terms-conditions">{BOTTOM_CTA.termsLabel}</Link>.
        </p>
      </FadeIn>
    </section>
  );
}
