/**
 * The links of a site page's bar, which depend on who is reading: a visitor
 * is asked to sign in or join, a member gets their account, a member whose
 * membership stopped gets both the way back in and their account, and the
 * owner the way to the studio. Because it differs per reader, only a
 * signed-out page may sit in a shared cache (server/public-site/site-page.ts cacheHeaders).
 */
import { isEntitled, type ReaderStanding } from '../access/index.ts';
import { sitePath, type Site } from '../sites/index.ts';

export type SiteReader = 'signed-out' | 'signed-in' | 'member' | 'lapsed' | 'owner';

/** Where "Edit site" leads: the studio's home. */
export const STUDIO_PATH = '/dashboard/overview';

export function siteReaderOf(readerId: string | undefined, standing: ReaderStanding, now: Date): SiteReader {
  if (readerId === undefined) return 'signed-out';
  if (standing.isOwner) return 'owner';
  if (standing.membership === null) return 'signed-in';
  return isEntitled(standing.membership, now) ? 'member' : 'lapsed';
}

export interface SiteBarInput {
  site: Pick<Site, 'handle' | 'domain'>;
  reader: SiteReader;
  /** The page's own path, where a password sign-in comes back to. */
  path: string;
  /** The join page does not offer itself. */
  hideJoin: boolean;
}

export function siteBarLinks({ site, reader, path, hideJoin }: SiteBarInput): string {
  const join = hideJoin ? '' : `<a class="button button--small" href="${sitePath(site, '/join')}">Join</a>`;
  const account = `<a class="site-bar__link" href="${sitePath(site, '/account')}">Your account</a>`;
  const links: Record<SiteReader, string> = {
    // The site's own sign-in by e-mail (docs/decisions/152): a fan who joined with one field has no password.
    'signed-out': `<a class="site-bar__link" href="${sitePath(site, '/sign-in')}?next=${encodeURIComponent(path)}">Sign in</a>${join}`,
    'signed-in': join,
    member: account,
    lapsed: `${account}${join}`,
    owner: `<a class="site-bar__link" href="${STUDIO_PATH}">Edit site</a>`,
  };
  return links[reader] ? `<nav class="site-bar__links" aria-label="Membership">${links[reader]}</nav>` : '';
}
