/**
 * A site's own mail to its members (confirmation, join links, notices): the
 * site's name as the sender's display name on MAIL_FROM's address, and its
 * logo (or its name), name and colour at the top, never the platform's name
 * or tagline (DESIGN.md "The creator's first hour", docs/decisions/142). Mail
 * about the account itself (password, e-mail change) is the platform's for a
 * creator and this site's for a member of it alone (account-frame.ts,
 * docs/decisions/153).
 */
import { checkContrast, textOn } from '../../common/contrast.ts';
import { actionMail, escapeHtml, type ActionMail, type MailContent, type MailFrame } from './action-mail.ts';
import { fromAddress, oneLine } from './addresses.ts';

/** The site as its mail shows it: one colour and one logo, the published design's (server/sites/site-brand.ts reads it). */
export interface MailBrand {
  title: string;
  /** `#rrggbb`. */
  color: string;
  /** An absolute, stable address (a public media URL): mail stays in inboxes for months. */
  logoUrl: string | null;
  /** The site's home, on its domain when it has one. */
  url: string;
}

const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK_COLOUR = '#6d28d9';

function siteMailFrame(brand: MailBrand): MailFrame {
  // The colour lands inside style attributes: only a colour's shape gets there.
  const accent = HEX.test(brand.color) ? brand.color.toLowerCase() : FALLBACK_COLOUR;
  const accentText = checkContrast(accent, '#ffffff').nearest;
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" width="48" height="48" alt="" style="display:block;width:48px;height:48px;border-radius:24px;border:0;margin:0 0 8px">`
    : '';
  return {
    accent,
    onAccent: textOn(accent),
    accentText,
    headerHtml: `<div style="height:6px;line-height:6px;font-size:0;background:${accent};border-radius:3px;margin:0 0 20px">&nbsp;</div>${logo}<p style="margin:0 0 24px"><a href="${escapeHtml(brand.url)}" style="font-weight:700;font-size:17px;color:${accentText};text-decoration:none">${escapeHtml(brand.title)}</a></p>`,
    footer: `${brand.title} · ${brand.url}`,
  };
}

/** An action mail (action-mail.ts) in the site's frame. */
export function siteActionMail(subject: string, brand: MailBrand, mail: ActionMail): MailContent {
  return actionMail(subject, mail, siteMailFrame(brand));
}

/** `"Site Title" <MAIL_FROM's address>`: the site's name, on the one address the instance sends from. */
export function siteSender(brand: Pick<MailBrand, 'title'>, mailFrom: string): { name: string; address: string } {
  return { name: oneLine(brand.title), address: fromAddress(mailFrom) };
}
