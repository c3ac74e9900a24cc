/**
 * What a post page shows around its text, as Substack and Ghost do (issue 29):
 * the byline under the title (the site's avatar, its name, the date), a join
 * prompt after a public post for a reader who is not a member, and links to
 * share the post. Sharing is plain links to each network's own share address:
 * no third-party script, no tracking pixel; "Copy link" is the post's address,
 * which the site's script copies when it runs (client/site/site.ts).
 */
import { sitePath, type Site } from '../sites/index.ts';
import { formatDate, type SiteImage } from './home-page.ts';
import { text } from './html.ts';
import { emailJoinFields } from './join-page.ts';
import { imageHtml } from './media-html.ts';
import type { SiteReader } from './site-bar.ts';
import type { TierRow } from './site-rows.ts';

export function bylineHtml(site: Pick<Site, 'title'>, publishedAt: Date | null, avatar: SiteImage | undefined): string {
  const date = publishedAt ? `<time datetime="${publishedAt.toISOString()}">${formatDate(publishedAt)}</time>` : '<span>Not published</span>';
  // The name beside it says who it is: the picture itself is decoration.
  const picture = avatar ? imageHtml(avatar.item, avatar.prefix, { sizes: '2.75rem', alt: '', className: 'byline__avatar' }) : '';
  return `<div class="byline">${picture}<p class="byline__text"><span class="byline__author">${text(site.title)}</span><span class="byline__date">${date}</span></p></div>`;
}

/** Who is asked to join after a public post: anyone but a member and the owner. */
function asksToJoin(reader: SiteReader): boolean {
  return reader !== 'member' && reader !== 'owner';
}

/**
 * The prompt: a signed-out reader gives an e-mail address into the free tier
 * (the join page's own handler, its mailed link, rate limit and same-origin
 * guard); a signed-in one joins the free tier with one click; without a free
 * tier, both are led to the join page's memberships.
 */
export function joinPromptHtml(site: Pick<Site, 'title' | 'tagline' | 'handle' | 'domain'>, reader: SiteReader, tiers: readonly Pick<TierRow, 'id' | 'type'>[]): string {
  if (!asksToJoin(reader)) return '';
  const free = tiers.find((tier) => tier.type === 'free');
  const line = site.tagline || `New posts from ${site.title}, straight to your inbox.`;
  const heading = `<h2 id="join-prompt-heading">${text(reader === 'lapsed' ? `Join ${site.title} again` : `Join ${site.title}`)}</h2><p>${text(line)}</p>`;
  let action: string;
  if (!free) {
    action = `<a class="button" href="${sitePath(site, '/join')}">See the memberships</a>`;
  } else if (reader === 'signed-out') {
    action = `<form class="join-prompt__form" method="post" action="${sitePath(site, '/join/signup')}" novalidate><input type="hidden" name="choice" value="${text(free.id)}:month">${emailJoinFields(site, 'join-prompt-email', '', undefined, 'Join for free')}</form>`;
  } else {
    action = `<form class="join-prompt__form" method="post" action="${sitePath(site, '/join')}"><input type="hidden" name="tierId" value="${text(free.id)}"><button class="button" type="submit">Join for free</button></form>`;
  }
  return `<aside class="join-prompt" aria-labelledby="join-prompt-heading">${heading}${action}</aside>`;
}

/** Each network's share address for a post: what they document for a link shared by hand. */
export function shareLinks(title: string, url: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'E-mail', href: `mailto:?subject=${t}&body=${u}` },
    { label: 'X', href: `https://x.com/intent/tweet?text=${t}&url=${u}` },
    { label: 'Bluesky', href: `https://bsky.app/intent/compose?text=${encodeURIComponent(`${title} ${url}`)}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

export function shareHtml(title: string, url: string): string {
  const networks = shareLinks(title, url)
    .map(({ label, href }) => `<li><a href="${text(href)}"${href.startsWith('mailto:') ? '' : ' target="_blank" rel="noopener noreferrer"'}>${label}</a></li>`)
    .join('');
  return `<nav class="share" aria-label="Share this post"><h2 class="share__title">Share</h2><ul class="share__links"><li><a href="${text(url)}" data-copy-link>Copy link</a></li>${networks}</ul><p class="share__status" role="status"></p></nav>`;
}
