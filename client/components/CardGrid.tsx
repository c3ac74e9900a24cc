/**
 * Cards of SPEC.md section 3 (title, content, imagePath) in a responsive grid,
 * each fading in a little after the one before it. `ordered` numbers them as
 * steps. `eager` is for a grid on its page's first screen: its images load
 * with the page instead of after layout, since one of them can be the page's
 * largest paint.
 */
import type { Card } from '../content/types.ts';
import { FadeIn } from './FadeIn.tsx';
import './CardGrid.css';

/** Stagger between neighbouring cards, so a row fades in left to right. */
const STAGGER_MS = 120;

interface CardGridProps {
  cards: readonly Card[];
  ordered?: boolean;
  columns?: 3 | 4;
  eager?: boolean;
}

export function CardGrid({ cards, ordered = false, columns = 3, eager = false }: CardGridProps) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={`card-grid card-grid--${columns}`}>
      {cards.map((card, index) => (
        <li key={card.title} className="card-grid__item">
          <FadeIn delayMs={index * STAGGER_MS} className="card-grid__fade">
            <article className="card">
              <img className="card__image" src={card.imagePath} alt="" width="240" height="180" loading={eager ? 'eager' : 'lazy'} decoding="async" />
              {ordered && <p className="card__step">Step {index + 1}</p>}
              <h3 className="card__title">{card.title}</h3>
              <p className="card__content">{card.content}</p>
            </article>
          </FadeIn>
        </li>
      ))}
    </List>
  );
}
