/** Copy and data of the About page (SPEC.md "About"). */
import type { Card } from './types.ts';

export const ABOUT_HERO = {
  eyebrow: 'About us',
  title: 'Built for creators who want to own what they make',
  text: 'Creators kept telling us the same story: the platform grew, their cut shrank, and their audience belonged to someone else. So we built the opposite: a self-hosted site on your own domain, with 100% brand control, a 0% revenue cut and one flat monthly fee.',
};

export const HOW_IT_WORKS = {
  title: 'How it works',
  intro: 'Four steps from idea to income.',
  steps: [
    {
      title: 'Sign up',
      content: 'Create your creator account with your name, e-mail address and niche. It takes a minute and starts your 30-day free trial.',
      imagePath: '/illustrations/step-sign-up.svg',
    },
    {
      title: 'Customize',
      content: 'Drag and drop sections, pick your colours and fonts, and connect your own domain so the site carries your name.',
      imagePath: '/illustrations/step-customize.svg',
    },
    {
      title: 'Launch',
      content: 'Preview every page, then publish. Your site goes live on your domain, open to your fans 24/7.',
      imagePath: '/illustrations/step-launch.svg',
    },
    {
      title: 'Monetize',
      content: 'Set your own subscription tiers and prices. Fans pay you and we take 0%: you pay one flat fee from $19 a month.',
      imagePath: '/illustrations/step-monetize.svg',
    },
  ] satisfies Card[],
};

export const ABOUT_DEMO = {
  title: 'Watch the tour',
  intro: 'Under 20 seconds with the real product, from the landing page to signing in.',
};
