/** SPEC.md "About": hero, How it works (four steps), demo video, Why choose us, bottom call to action. */
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { BottomCta } from '../../../components/BottomCta.tsx';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { DemoVideo } from '../../../components/DemoVideo.tsx';
import { FadeIn } from '../../../components/FadeIn.tsx';
import { PageHero } from '../../../components/PageHero.tsx';
import { Section } from '../../../components/Section.tsx';
import { WhyChooseUs } from '../../../components/WhyChooseUs.tsx';
import { ABOUT_DEMO, ABOUT_HERO, HOW_IT_WORKS } from '../../../content/about.ts';

export default function AboutPage() {
  usePageMeta({
    title: 'About | Creator Platform',
    description:
      'Why we built Creator Platform and how it works: sign up, customize, launch and monetize a branded site on your own domain with a 0% revenue cut.',
  });

  return (
    <>
      <PageHero eyebrow={ABOUT_HERO.eyebrow} title={ABOUT_HERO.title} text={ABOUT_HERO.text} />
      <Section title={HOW_IT_WORKS.title} intro={HOW_IT_WORKS.intro}>
        <CardGrid cards={HOW_IT_WORKS.steps} ordered columns={4} eager />
      </Section>
      <Section title={ABOUT_DEMO.title} intro={ABOUT_DEMO.intro} tone="tinted">
        <FadeIn>
          <DemoVideo />
        </FadeIn>
      </Section>
      <WhyChooseUs />
      <BottomCta />
    </>
  );
}
