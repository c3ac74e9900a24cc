/** Copy of the Contact page (SPEC.md "Contact"), including the support mail the card prefills. */
import type { SupportMessage } from '../lib/support-mailto.ts';

export const CONTACT_HERO = {
  eyebrow: 'Contact',
  title: 'Talk to a human',
  text: 'Questions about your site, your domain or your plan? Our support team reads every message and answers within one business day.',
};

export const GET_IN_TOUCH = {
  title: 'Get in touch',
  text: 'Write to our support team and tell us what you need. The more detail you share, such as your site’s address and what you expected to happen, the faster we can help.',
  linkPrefix: 'E-mail us at',
};

export const CONTACT_SUPPORT_MESSAGE: SupportMessage = {
  subject: 'Question about Creator Platform',
  body: 'Hello,\n\nMy name:\nMy site’s address (if I have one):\n\nHow can you help:\n\n',
};

export const CONTACT_FAQ_TITLE = 'Before you write';
