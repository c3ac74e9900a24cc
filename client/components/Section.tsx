/** A titled band of a public page: the h2, an optional intro, then its content. */
import { useId, type ReactNode } from 'react';
import { FadeIn } from './FadeIn.tsx';
import './Section.css';

interface SectionProps {
  title: string;
  intro?: string;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}

export function Section({ title, intro, tone = 'plain', children }: SectionProps) {
  const headingId = useId();
  return (
    <section className={`section section--${tone}`} aria-labelledby={headingId}>
      <div className="section__inner">
        <FadeIn className="section__header">
          <h2 id={headingId} className="section__title">
            {title}
          </h2>
          {intro && <p className="section__intro">{intro}</p>}
        </FadeIn>
        {children}
      </div>
    </section>
  );
}
