/** Copy and data of the What you get page (SPEC.md "What you get": the four offer cards, word for word). */
import type { Card } from './types.ts';

export const WHAT_YOU_GET_HERO = {
  eyebrow: 'What you get',
  title: 'Everything you need to run your creator business',
  text: 'One flat fee covers your branded site, your own domain, subscriptions and direct contact with your fans. No revenue share, no surprises.',
};

export const BUILD_ON_YOUR_NAME = {
  title: 'Build on your name',
  paragraphs: [
    'Every post, episode and lesson you publish lives on your own domain and under your own brand. Fans remember your name, not ours, and every link you share brings them to a site you control.',
    'When you grow, the value you build stays with you: your audience, your prices and your look are yours to keep, wherever your career takes you.',
  ],
};

export const OFFERS = {
  title: 'Your plan includes',
  cards: [
    {
      title: '30 days free trial',
      content: 'Build your site, connect your domain and welcome your first subscribers before you pay anything.',
      imagePath: '/illustrations/offer-free-trial.svg',
    },
    {
      title: '100% customizable brand control',
      content: 'Your domain, logo, colours, fonts and layout. Drag and drop every section until the site looks like you.',
      imagePath: '/illustrations/offer-brand-control.svg',
    },
    {
      title: '0% revenue cut',
      content: 'Other platforms take 20-30%. We take nothing from the subscriptions your fans pay you.',
      imagePath: '/illustrations/offer-zero-cut.svg',
    },
    {
      title: '$19+ flat monthly fee',
      content: 'Plans start at $19 a month. The price depends on the plan you choose, never on how much you earn.',
      imagePath: '/illustrations/offer-flat-fee.svg',
    },
  ] satisfies Card[],
};
