/** A testimonial's 1-5 rating: five drawn stars for the eye, one sentence for screen readers. */
import type { Testimonial } from '../../../content/types.ts';

const STAR_PATH = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z';
const MAX_STARS = 5;

export function StarRating({ rating }: { rating: Testimonial['rating'] }) {
  return (
    <div className="star-rating" role="img" aria-label={`Rated ${rating} out of ${MAX_STARS}`}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <svg
          key={index}
          className={index < rating ? 'star-rating__star star-rating__star--filled' : 'star-rating__star'}
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </div>
  );
}
