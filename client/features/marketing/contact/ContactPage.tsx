/** SPEC.md "Contact": hero, the get-in-touch card, FAQ, bottom call to action. */
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { Accordion } from '../../../components/Accordion.tsx';
import { BottomCta } from '../../../components/BottomCta.tsx';
import { FadeIn } from '../../../components/FadeIn.tsx';
import { PageHero } from '../../../components/PageHero.tsx';
import { Section } from '../../../components/Section.tsx';
import { CONTACT_FAQ_TITLE, CONTACT_HERO } from '../../../content/contact.ts';
import { CONTACT_FAQ } from '../../../content/faq.ts';
import { GetInTouchCard } from './GetInTouchCard.tsx';

export default function ContactPage() {
  usePageMeta({
    title: 'Contact | Creator Platform',
    description: 'Questions about your site, your domain or your plan? Write to the Creator Platform support team and get an answer within one business day.',
  });

  return (
    <>
      <PageHero eyebrow={CONTACT_HERO.eyebrow} title={CONTACT_HERO.title} text={CONTACT_HERO.text} />
      <GetInTouchCard />
      <Section title={CONTACT_FAQ_TITLE} tone="tinted">
        <FadeIn>
          <Accordion items={CONTACT_FAQ} />
        </FadeIn>
      </Section>
      <BottomCta />
    </>
  );
}
