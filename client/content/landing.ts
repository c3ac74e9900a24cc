/** Copy and data of the landing page (SPEC.md "Landing page"), in the order the sections appear. */
import type { Card, Stat } from './types.ts';

export const LANDING_HERO = {
  eyebrow: 'For podcasters, artists, coaches, educators and fitness creators',
  title: 'Fully own your brand',
  text: 'Launch a branded content and subscription site on your own domain. Keep every cent your fans pay: no revenue cut, just one flat fee from $19 a month.',
  note: '30-day free trial. 0% revenue cut, always.',
};

export const TLDR = {
  title: 'TL;DR',
  intro: 'The whole pitch in four numbers.',
  stats: [
    { value: '0%', label: 'revenue cut on everything your fans pay' },
    { value: '100%', label: 'brand control, from domain to colours' },
    { value: '$19+', label: 'flat monthly fee, however much you earn' },
    { value: '24/7', label: 'access for you and your subscribers' },
  ] satisfies Stat[],
};

export const DEMO_SECTION = {
  title: 'See it in action',
  intro: 'A real recording of the product: the landing page, creating a creator account and signing in.',
};

export const SOLUTIONS = {
  title: 'Solutions',
  intro: 'Other platforms take 20-30% of what you earn and keep your audience on their turf. We fixed the three things that cost creators the most.',
  cards: [
    {
      title: 'No Platform Creator Tax',
      content: 'Other platforms take 20-30% of every subscription. We take 0%. Your fans pay you, and you keep all of it.',
      imagePath: '/illustrations/no-creator-tax.svg',
    },
    {
      title: 'Pricing Control',
      content: 'Set your own tiers and prices, and change them whenever your offer grows. No marketplace rules deciding what your work is worth.',
      imagePath: '/illustrations/pricing-control.svg',
    },
    {
      title: 'Own Your Brand',
      content: 'Your domain, your colours, your layout. Fans visit your site, not a profile on somebody else’s platform, and your audience stays yours.',
      imagePath: '/illustrations/own-your-brand.svg',
    },
  ] satisfies Card[],
};

export const INNOVATE_STATEMENT = {
  title: 'We innovate so you can create',
  text: 'Most platforms grow by taking a bigger share of your income. We grow by building better tools: drag-and-drop customization, your own domain and direct contact with your fans, all for one flat fee that never rises with your success.',
};

export const EARLY_VOICES = {
  title: 'Early Voices',
  intro: 'Placeholder quotes from our early-access programme, shown until creators publish reviews under their own names.',
};

export const LANDING_FAQ_TITLE = 'Frequently asked questions';
