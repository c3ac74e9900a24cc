/** /support's short guide to each area of the studio; each has an id, so an empty state can link straight to its guide. */
export interface Guide {
  id: string;
  title: string;
  path: string;
  text: string;
}

export const SUPPORT_GUIDES: readonly Guide[] = [
  { id: 'overview', title: 'Overview', path: '/dashboard/overview', text: 'Your getting-started checklist, your figures at a glance, the last 30 days of page views and your latest activity.' },
  {
    id: 'reports',
    title: 'Reports',
    path: '/dashboard/reports',
    text: 'Visitors, page views, members, MRR and join-page conversion for any range up to two years, beside the period before. Visitors are counted on our server without cookies: a hash of the address and browser that changes every day, never stored raw. Figures catch up within a few minutes; each card has a table and a CSV.',
  },
  { id: 'activity', title: 'Recent Activity', path: '/dashboard/activity', text: 'Members joining, changing tier, canceling, failed payments, comps, imports and posts going live, newest first. Filter by kind; each event links to its member or post.' },
  { id: 'upload', title: 'Upload content', path: '/upload', text: 'Write posts, schedule them, choose who can read them, and keep your images, videos, audio and PDFs in the media library.' },
  { id: 'subscribers', title: 'Subscribers', path: '/subscribers', text: 'Everyone who joined your site: search, filter, comp, import a CSV or export them all.' },
  { id: 'messages', title: 'Messages', path: '/messages', text: 'Conversations with your members, in one inbox.' },
  { id: 'domain', title: 'Domain', path: '/domain', text: 'Serve your site on your own domain: add it, set the DNS records shown, and we check them for you.' },
  { id: 'customize', title: 'Customize site', path: '/customize-site', text: 'Your site’s colours, fonts and layout: edit a draft, preview it, publish it when it is right.' },
  { id: 'preview', title: 'Preview page', path: '/preview-page', text: 'See your site as a visitor sees it before you share it.' },
  { id: 'settings', title: 'Settings', path: '/settings/general', text: 'General: your site’s name, handle, about and images. Advanced: tiers and prices, payments through Stripe and your plan.' },
];
