/**
 * The landing page's Early Voices (SPEC.md: placeholder entries rated 4-5 stars).
 * They stand in for real reviews, so no entry carries a person's name.
 */
import type { Testimonial } from './types.ts';

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    text: 'I moved my podcast’s bonus episodes over in an afternoon. Seeing my own domain in the address bar instead of a platform’s logo made it feel real.',
    user: 'Early-access creator, podcasting',
    rating: 5,
  },
  {
    text: 'The flat fee is the part I keep telling friends about. My earnings went up this month and my bill did not.',
    user: 'Early-access creator, fitness coaching',
    rating: 5,
  },
  {
    text: 'Drag-and-drop got my portfolio and membership tiers live without hiring anyone. I would like more section layouts, but what is there is solid.',
    user: 'Early-access creator, illustration',
    rating: 4,
  },
  {
    text: 'My students subscribe on my site and reach my lessons at any hour. No more explaining which app they need to download.',
    user: 'Early-access creator, language teaching',
    rating: 5,
  },
  {
    text: 'Setting my own prices with no marketplace rules let me try a cheaper tier for a week and keep it when it worked.',
    user: 'Early-access creator, stand-up comedy',
    rating: 4,
  },
];
