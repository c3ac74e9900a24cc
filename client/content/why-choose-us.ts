/** The Why choose us cards shared by the landing and About pages. */
import type { Card } from './types.ts';

export const WHY_CHOOSE_US = {
  title: 'Why choose us',
  intro: 'Built for indie creators who would rather run a business than rent a profile.',
  cards: [
    {
      title: 'A site that feels like you',
      content: 'Drag-and-drop customization of every page, section and colour. No code, no designer, and no template that looks like everyone else’s.',
      imagePath: '/illustrations/why-customize.svg',
    },
    {
      title: 'Costs you can plan around',
      content: 'One flat monthly fee from $19. Earn $100 or $100,000 a month and your bill stays the same.',
      imagePath: '/illustrations/why-flat-fee.svg',
    },
    {
      title: 'Self-hosted, so it stays yours',
      content: 'Run the platform on your own server. Your content and your subscriber list live in your database, not in ours.',
      imagePath: '/illustrations/why-self-hosted.svg',
    },
  ] satisfies Card[],
};
