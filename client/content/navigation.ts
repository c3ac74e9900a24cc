/** The public site's navigation and footer entries (SPEC.md "Public layout"). */
import type { FooterLinks } from '../../common/api-types.ts';

export interface SiteLink {
  label: string;
  to: string;
}

export const NAV_LINKS: readonly SiteLink[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'What You Get', to: '/what-you-get' },
  { label: 'Contact', to: '/contact' },
];

export const FOOTER_LINKS: readonly SiteLink[] = [
  { label: 'About', to: '/about' },
  { label: 'What You Get', to: '/what-you-get' },
  { label: 'Contact', to: '/contact' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
];

/** Labels of the external footer links, in the order they are shown; their targets come from the server's configuration. */
export const EXTERNAL_LINK_LABELS: Readonly<Record<keyof FooterLinks, string>> = {
  developer: 'Developers',
  professionalNetwork: 'Professional network',
  social: 'Social',
  help: 'Help center',
};
