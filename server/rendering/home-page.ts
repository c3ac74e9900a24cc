/** `/@{handle}`: banner, avatar, title, tagline, about, the latest live posts a page at a time, and the way to join. */
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import { text } from './html.ts';
import { imageFileFor, imageHtml } from './media-html.ts';
import type { PageHead } from './page-shell.ts';
import type { SiteReader } from './site-bar.ts';
import type { MediaRow, PostSummary } from './site-rows.ts';

export interface SiteImage {
  item: MediaRow;
  prefix: string;
}

export interface HomePageInput {
  site: Site;
  /** A member or the owner is not asked to join. */
  reader: SiteReader;
  banner?: SiteImage;
  avatar?: SiteImage;
  posts: PostSummary[];
  page: number;
  hasOlder: boolean;
  appUrl: URL;
  /**
   * Back from joining (`?joined=1`): a welcome (asking a free member to confirm their e-mail first), or a thank-you while Stripe
   * confirms the payment; back from deleting one's account on the account page (`?account=deleted`, docs/decisions/159): that it is done.
   */
  welcome?: 'member' | 'confirm' | 'pending' | 'deleted';
}

const DATE_FORMAT = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

export function formatDate(date: Date): string {
  return DATE_FORMAT.format(date);
}

const VISIBILITY_BADGES: Record<string, string> = { members: 'Members', paid: 'Paid', tiers: 'Paid' };

export function postItem(site: Site, post: PostSummary): string {
  const date = post.publishedAt ? `<time datetime="${post.publishedAt.toISOString()}">${formatDate(post.publishedAt)}</time>` : '';
  const badge = VISIBILITY_BADGES[post.visibility];
  const badgeHtml = badge ? ` <span class="badge">${badge}</span>` : '';
  const commentsHtml = post.commentCount > 0 ? ` · <a href="${sitePath(site, `/posts/${encodeURIComponent(post.slug)}#comments`)}">${post.commentCount === 1 ? '1 comment' : `${post.commentCount} comments`}</a>` : '';
  const excerpt = post.excerpt ? `<p class="post-card__excerpt">${text(post.excerpt)}</p>` : '';
  return `<li class="post-card"><h3 class="post-card__title"><a href="${sitePath(site, `/posts/${encodeURIComponent(post.slug)}`)}">${text(post.title)}</a></h3><p class="post-card__meta">${date}${badgeHtml}${commentsHtml}</p>${excerpt}</li>`;
}

function aboutHtml(about: string): string {
  const paragraphs = about
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${text(paragraph).replace(/\n/g, '<br>')}</p>`);
  return paragraphs.length > 0 ? `<section class="about" aria-labelledby="about-heading"><h2 id="about-heading">About</h2>${paragraphs.join('')}</section>` : '';
}

function pagination(site: Site, page: number, hasOlder: boolean): string {
  if (page === 1 && !hasOlder) return '';
  const newer = page > 1 ? `<a href="${sitePath(site, page === 2 ? '' : `?page=${page - 1}`)}" rel="prev">Newer posts</a>` : '';
  const older = hasOlder ? `<a href="${sitePath(site, `?page=${page + 1}`)}" rel="next">Older posts</a>` : '';
  return `<nav class="pagination" aria-label="More posts">${newer}${older}</nav>`;
}

const WELCOME = {
  member: (site: Site) => `<p class="notice notice--success" role="status">Welcome! You are now a member of ${text(site.title)}.</p>`,
  confirm: (site: Site) =>
    `<p class="notice notice--success" role="status">Welcome! You are now a member of ${text(site.title)}. Open the link we sent to your e-mail to read the members posts.</p>`,
  pending: () => '<p class="notice notice--success" role="status">Thank you! Your payment is being confirmed; your membership appears here in a moment.</p>',
  deleted: () => '<p class="notice notice--success" role="status">Your account is deleted. Your paid memberships are canceled and your address is off every list.</p>',
};

/** The notice back from joining, at the top of the home page. */
export function welcomeHtml(site: Site, welcome: HomePageInput['welcome']): string {
  return welcome ? WELCOME[welcome](site) : '';
}

export function homeMain({ site, reader, banner, avatar, posts, page, hasOlder, welcome }: HomePageInput): string {
  const bannerHtml = banner ? `<div class="hero__banner">${imageHtml(banner.item, banner.prefix, { sizes: '100vw', alt: '', eager: true })}</div>` : '';
  const avatarHtml = avatar ? imageHtml(avatar.item, avatar.prefix, { sizes: '7rem', alt: `${site.title} avatar`, className: 'hero__avatar', eager: !banner }) : '';
  const join = reader === 'member' || reader === 'owner' ? '' : `<a class="button" href="${sitePath(site, '/join')}">Join ${text(site.title)}</a>`;
  const tagline = site.tagline ? `<p class="hero__tagline">${text(site.tagline)}</p>` : '';
  const list =
    posts.length > 0
      ? `<ol class="post-list">${posts.map((post) => postItem(site, post)).join('')}</ol>`
      : `<p class="empty">${page === 1 ? 'No posts yet. Join to hear when the first one is out.' : 'No more posts here.'}</p>`;
  return `${welcomeHtml(site, welcome)}<section class="hero${banner ? ' hero--with-banner' : ''}">${bannerHtml}<div class="hero__body">${avatarHtml}<h1 class="hero__title">${text(site.title)}</h1>${tagline}${join}</div></section>${page === 1 ? aboutHtml(site.about) : ''}<section class="posts" aria-labelledby="posts-heading"><h2 id="posts-heading">${page === 1 ? 'Latest posts' : `Posts, page ${page}`}</h2>${list}${pagination(site, page, hasOlder)}</section>`;
}

export function homeHead({ site, banner, avatar, page, appUrl }: HomePageInput): PageHead {
  const url = siteUrl(site, appUrl, page > 1 ? `?page=${page}` : '');
  const description = site.tagline || site.about.slice(0, 200) || site.title;
  const picture = banner ?? avatar;
  const pictureFile = picture ? imageFileFor(picture.item, 1200) : undefined;
  const avatarUrl = avatar ? new URL(`${avatar.prefix}/${imageFileFor(avatar.item, 320).file}`, appUrl).href : undefined;
  return {
    title: page > 1 ? `${site.title} — page ${page}` : site.title,
    description,
    canonicalUrl: url,
    type: 'profile',
    siteName: site.title,
    rssUrl: siteUrl(site, appUrl, '/rss.xml'),
    ...(picture && pictureFile
      ? { image: { url: new URL(`${picture.prefix}/${pictureFile.file}`, appUrl).href, alt: site.title, ...(pictureFile.width ? { width: pictureFile.width } : {}), ...(pictureFile.height ? { height: pictureFile.height } : {}) } }
      : {}),
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': `${url}#website`, url, name: site.title, description },
        {
          '@type': 'ProfilePage',
          url,
          name: site.title,
          isPartOf: { '@id': `${url}#website` },
          mainEntity: { '@type': 'Person', name: site.title, description, ...(avatarUrl ? { image: avatarUrl } : {}) },
        },
      ],
    },
  };
}
