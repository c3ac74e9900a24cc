/**
 * The opening band of every public page: the page's one h1. It does not fade
 * in, because it is what the visitor sees first (and the page's largest paint).
 */
import type { ReactNode } from 'react';
import './PageHero.css';

interface PageHeroProps {
  eyebrow: string;
  title: string;
  text: string;
  actions?: ReactNode;
  note?: string;
  illustration?: ReactNode;
}

export function PageHero({ eyebrow, title, text, actions, note, illustration }: PageHeroProps) {
  return (
    <section className={illustration ? 'page-hero page-hero--split' : 'page-hero'}>
      <div className="page-hero__inner">
        <div className="page-hero__copy">
          <p className="page-hero__eyebrow">{eyebrow}</p>
          <h1 className="page-hero__title">{title}</h1>
          <p className="page-hero__text">{text}</p>
          {actions && <div className="page-hero__actions">{actions}</div>}
          {note && <p className="page-hero__note">{note}</p>}
        </div>
        {illustration && <div className="page-hero__illustration">{illustration}</div>}
      </div>
    </section>
  );
}
