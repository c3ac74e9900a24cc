/** The Why choose us band shared by the landing and About pages. */
import { WHY_CHOOSE_US } from '../content/why-choose-us.ts';
import { CardGrid } from './CardGrid.tsx';
import { Section } from './Section.tsx';

export function WhyChooseUs({ tone = 'plain' }: { tone?: 'plain' | 'tinted' }) {
  return (
    <Section title={WHY_CHOOSE_US.title} intro={WHY_CHOOSE_US.intro} tone={tone}>
      <CardGrid cards={WHY_CHOOSE_US.cards} />
    </Section>
  );
}
