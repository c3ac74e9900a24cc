/** SPEC.md "What you get": hero, 'Build on your name', the four offer cards, bottom call to action. */
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { BottomCta } from '../../../components/BottomCta.tsx';
import { CardGrid } from '../../../components/CardGrid.tsx';
import { FadeIn } from '../../../components/FadeIn.tsx';
import { PageHero } from '../../../components/PageHero.tsx';
import { Section } from '../../../components/Section.tsx';
import { BUILD_ON_YOUR_NAME, OFFERS, WHAT_YOU_GET_HERO } from '../../../content/what-you-get.ts';
import './what-you-get.css';

export default function WhatYouGetPage() {
  usePageMeta({
    title: 'What You Get | Creator Platform',
    description:
      'A 30-day free trial, 100% customizable brand control, a 0% revenue cut and a flat monthly fee from $19: everything included in Creator Platform.',
  });

  return (
    <>
      <PageHero eyebrow={WHAT_YOU_GET_HERO.eyebrow} title={WHAT_YOU_GET_HERO.title} text={WHAT_YOU_GET_HERO.text} />
      <section className="build-on-your-name" aria-labelledby="build-on-your-name-title">
        <FadeIn className="build-on-your-name__inner">
          <h2 id="build-on-your-name-title" className="build-on-your-name__title">
            {BUILD_ON_YOUR_NAME.title}
          </h2>
          <div className="build-on-your-name__text">
            {BUILD_ON_YOUR_NAME.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </FadeIn>
      </section>
      <Section title={OFFERS.title} tone="tinted">
        <CardGrid cards={OFFERS.cards} columns={4} />
      </Section>
      <BottomCta />
    </>
  );
}
