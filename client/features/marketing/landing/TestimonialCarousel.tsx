/**
 * The Early Voices carousel: a row of quotes on CSS scroll snap with previous
 * and next buttons, so the landing bundle carries no carousel library. It
 * advances on its own every few seconds unless the user prefers reduced motion,
 * pauses while the pointer or focus is inside, and has a pause button
 * (WCAG 2.2.2). The row itself is focusable, so arrow keys scroll it too.
 */
import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import type { Testimonial } from '../../../content/types.ts';
import { useAutoplay, usePrefersReducedMotion } from '../../../lib/reduced-motion.ts';
import { StarRating } from './StarRating.tsx';
import './TestimonialCarousel.css';

const AUTOPLAY_MS = 6_000;

interface TestimonialCarouselProps {
  testimonials: readonly Testimonial[];
  label: string;
}

type Direction = 1 | -1;

/** Scrolls by one slide, wrapping from the last slide to the first and back. */
function step(track: HTMLElement, direction: Direction, smooth: boolean) {
  const slide = track.firstElementChild;
  if (!(slide instanceof HTMLElement)) return;
  const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
  const distance = slide.offsetWidth + gap;
  const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
  const atStart = track.scrollLeft <= 2;
  const behavior = smooth ? 'smooth' : 'auto';
  if (direction === 1 && atEnd) track.scrollTo({ left: 0, behavior });
  else if (direction === -1 && atStart) track.scrollTo({ left: track.scrollWidth, behavior });
  else track.scrollBy({ left: direction * distance, behavior });
}

export function TestimonialCarousel({ testimonials, label }: TestimonialCarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useAutoplay();
  const [held, setHeld] = useState(false);
  const trackRef = useRef<HTMLDivElement>(null);

  const go = useCallback(
    (direction: Direction) => {
      if (trackRef.current) step(trackRef.current, direction, !reducedMotion);
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (!playing || held) return undefined;
    const timer = window.setInterval(() => go(1), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing, held, go]);

  const holdWhileFocused = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHeld(true);
  };
  const releaseWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onFocus={holdWhileFocused}
      onBlur={releaseWhenFocusLeaves}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
    >
      <div className="carousel__controls">
        <button type="button" className="carousel__button" onClick={() => setPlaying((on) => !on)}>
          {playing ? 'Pause' : 'Play'}
          <span className="visually-hidden"> automatic scrolling</span>
        </button>
        <button type="button" className="carousel__button carousel__button--icon" aria-label="Previous testimonial" onClick={() => go(-1)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button type="button" className="carousel__button carousel__button--icon" aria-label="Next testimonial" onClick={() => go(1)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a row that scrolls must take focus so keys can scroll it (axe: scrollable-region-focusable) */}
      <div ref={trackRef} className="carousel__track" role="group" tabIndex={0} aria-label="Testimonials, scroll sideways for more">
        {testimonials.map((testimonial, index) => (
          <div
            key={testimonial.text}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${testimonials.length}`}
          >
            <figure className="testimonial">
              <StarRating rating={testimonial.rating} />
              <blockquote className="testimonial__quote">
                <p>{testimonial.text}</p>
              </blockquote>
              <figcaption className="testimonial__user">{testimonial.user}</figcaption>
            </figure>
          </div>
        ))}
      </div>
    </section>
  );
}
