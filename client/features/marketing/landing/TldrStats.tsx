/** The landing page's TL;DR strip: the product's claims as four figures. */
import { FadeIn } from '../../../components/FadeIn.tsx';
import { TLDR } from '../../../content/landing.ts';

const STAGGER_MS = 100;

export function TldrStats() {
  return (
    <section className="tldr" aria-labelledby="tldr-title">
      <div className="tldr__inner">
        <div className="tldr__header">
          <h2 id="tldr-title" className="tldr__title">
            {TLDR.title}
          </h2>
          <p className="tldr__intro">{TLDR.intro}</p>
        </div>
        <ul className="tldr__stats">
          {TLDR.stats.map((stat, index) => (
            <li key={stat.value} className="tldr__stat">
              <FadeIn delayMs={index * STAGGER_MS}>
                <strong className="tldr__value">{stat.value}</strong>
                <span className="tldr__label">{stat.label}</span>
              </FadeIn>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
