/** SPEC.md "Landing page": every section in the order the spec lists them. Loaded eagerly, so it stays lean. */
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { Accordion } from '../../../components/Accordion.tsx';
import { BottomCta } from '../../../components/BottomCta.tsx';
import { Button } from '../../../components/Button.tsx';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { DemoVideo } from '../../../components/DemoVideo.tsx';
import { FadeIn } from '../../../components/FadeIn.tsx';
import { PageHero } from '../../../components/PageHero.tsx';
import { Section } from '../../../components/Section.tsx';
import { WhyChooseUs } from '../../../components/WhyChooseUs.tsx';
import { LANDING_FAQ } from '../../../content/faq.ts';
import { DEMO_SECTION, EARLY_VOICES, INNOVATE_STATEMENT, LANDING_FAQ_TITLE, LANDING_HERO, SOLUTIONS } from '../../../content/landing.ts';
import { TESTIMONIALS } from '../../../content/testimonials.ts';
import { HeroIllustration } from './HeroIllustration.tsx';
import { TestimonialCarousel } from './TestimonialCarousel.tsx';
import { TldrStats } from './TldrStats.tsx';
import './landing.css';

export default function LandingPage() {
  usePageMeta({
    title: 'Creator Platform | Fully own your brand',
    description:
      'Build a branded content and subscription site on your own domain: 100% brand control, 0% revenue cut and a flat monthly fee from $19, with a 30-day free trial.',
  });

  return (
    <>
      <PageHero
        eyebrow={LANDING_HERO.eyebrow}
        title={LANDING_HERO.title}
        text={LANDING_HERO.text}
        note={LANDING_HERO.note}
        actions={
          <>
            <Button to="/login" size="lg">
              Get Started
            </Button>
            <Button to="/what-you-get" variant="secondary" size="lg">
              See what you get
            </Button>
          </>
        }
        illustration={<HeroIllustration />}
      />
      <TldrStats />
      <Section title={DEMO_SECTION.title} intro={DEMO_SECTION.intro}>
        <FadeIn>
          <DemoVideo />
        </FadeIn>
      </Section>
      <Section title={SOLUTIONS.title} intro={SOLUTIONS.intro} tone="tinted">
        <CardGrid cards={SOLUTIONS.cards} />
      </Section>
      <section className="innovate" aria-labelledby="innovate-title">
        <FadeIn className="innovate__inner">
          <h2 id="innovate-title" className="innovate__title">
            {INNOVATE_STATEMENT.title}
          </h2>
          <p className="innovate__text">{INNOVATE_STATEMENT.text}</p>
        </FadeIn>
      </section>
      <WhyChooseUs />
      <Section title={EARLY_VOICES.title} intro={EARLY_VOICES.intro} tone="tinted">
        <TestimonialCarousel testimonials={TESTIMONIALS} label={EARLY_VOICES.title} />
      </Section>
      <Section title={LANDING_FAQ_TITLE}>
        <FadeIn>
          <Accordion items={LANDING_FAQ} />
        </FadeIn>
      </Section>
      <BottomCta />
    </>
  );
}
