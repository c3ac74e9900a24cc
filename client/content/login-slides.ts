/** The nine slides of the login screen's hero carousel (SPEC.md section 2): image, title, description. */

export interface LoginSlide {
  image: string;
  title: string;
  description: string;
}

export const LOGIN_SLIDES: readonly LoginSlide[] = [
  {
    image: '/slides/own-domain.svg',
    title: 'Your name in the address bar',
    description: "Run your site on your own domain, so every visit builds your brand instead of someone else's platform.",
  },
  {
    image: '/slides/drag-and-drop.svg',
    title: 'Drag, drop, done',
    description: 'Arrange sections, colours and pages with drag-and-drop customisation. No code and no designer needed.',
  },
  {
    image: '/slides/zero-cut.svg',
    title: 'Keep every cent your fans pay',
    description: 'We take a 0% revenue cut. Other platforms take 20-30% of what you earn.',
  },
  {
    image: '/slides/flat-fee.svg',
    title: 'One flat monthly fee',
    description: 'Plans start at $19 a month, whether you earn a little or a lot, and the first 30 days are free.',
  },
  {
    image: '/slides/subscriptions.svg',
    title: 'Prices on your terms',
    description: 'Set your own membership tiers and prices, and change them whenever your offer grows.',
  },
  {
    image: '/slides/upload.svg',
    title: 'All your content in one place',
    description: 'Upload videos, episodes, artwork and lessons to a library your subscribers can reach 24/7.',
  },
  {
    image: '/slides/subscribers.svg',
    title: 'Know your subscribers',
    description: 'See who joined and who stayed, so you can plan your next release with confidence.',
  },
  {
    image: '/slides/messages.svg',
    title: 'Talk to your fans directly',
    description: 'Message your community from your own site, with no algorithm deciding who hears from you.',
  },
  {
    image: '/slides/launch.svg',
    title: 'Preview, then launch',
    description: 'Check every page before it goes live, then launch in minutes and start earning from day one.',
  },
];
