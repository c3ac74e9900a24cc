/**
 * `/@{handle}/posts/{slug}`: title, byline, cover and body, then the join
 * prompt after a public post and the share links (post-extras.ts). A reader the access
 * rule gives only the preview gets the public part and a call to join: the
 * gated HTML, its media and its text are never part of their page, nor of its
 * description, Open Graph text or JSON-LD.
 */
import { effectiveVisibility, type PostAccess } from '../access/index.ts';
import { sitePath, siteUrl, type Site } from '../sites/index.ts';
import type { SiteReader } from './site-bar.ts';
import type { SiteImage } from './home-page.ts';
import { plainText, text } from './html.ts';
import { columnImageSizes, expandMediaEmbeds, imageFileFor, imageHtml, type PrefixOf } from './media-html.ts';
import type { PageHead } from './page-shell.ts';
import { bylineHtml, joinPromptHtml, shareHtml } from './post-extras.ts';
import { tipLink } from './tip-page.ts';
import type { MediaRow, PostRow, TierRow } from './site-rows.ts';

export interface PostPageInput {
  site: Site;
  post: PostRow;
  access: PostAccess;
  /** Who is reading: the call to join speaks to a lapsed or a free member differently than to a visitor. */
  reader: SiteReader;
  /** A member who would read the whole once they confirm their e-mail: the page asks for that instead of a join. */
  confirmEmail?: boolean;
  cover?: SiteImage;
  /** The site's avatar, in the byline. */
  avatar?: SiteImage | undefined;
  /** The site's tiers, read only when a public post asks the reader to join: the prompt joins the free one. */
  tiers?: readonly Pick<TierRow, 'id' | 'type'>[];
  media: ReadonlyMap<string, MediaRow>;
  prefixOf: PrefixOf;
  appUrl: URL;
}

/** What the reader may read of the body, as stored HTML before media are expanded. */
export function readableHtml(post: Pick<PostRow, 'previewHtml' | 'gatedHtml'>, access: PostAccess): string {
  return access === 'whole' ? `${post.previewHtml}${post.gatedHtml}` : post.previewHtml;
}

/** Description text from what anyone may read: the excerpt, or the start of the public preview. */
export function postDescription(post: Pick<PostRow, 'excerpt' | 'previewHtml'>): string {
  return post.excerpt || plainText(post.previewHtml, 200);
}

interface GateWords {
  heading: string;
  body: string;
  action: string;
}

/** The call to join under a preview, in words that fit the post and the reader. */
export function gateWords(site: Pick<Site, 'title'>, visibility: PostRow['visibility'], reader: SiteReader): GateWords {
  const title = site.title;
  if (reader === 'lapsed') return { heading: 'Your membership has ended', body: `Join ${title} again to read the rest of this post.`, action: 'See the memberships' };
  if (visibility === 'paid') {
    return reader === 'member'
      ? { heading: 'This post is for paying members', body: `Upgrade your membership of ${title} to read the rest of this post.`, action: 'See the memberships' }
      : { heading: 'This post is for paying members', body: `Become a paying member of ${title} to read the rest of this post.`, action: 'See the memberships' };
  }
  if (visibility === 'tiers') {
    return reader === 'member'
      ? { heading: 'This post is for some memberships', body: `Your membership does not open it. See which memberships of ${title} do.`, action: 'See the memberships' }
      : { heading: 'This post is for some memberships', body: `Join ${title} on a membership that opens it to read the rest.`, action: 'See the memberships' };
  }
  return { heading: 'This post is for members', body: `Join ${title} to read the rest of this post and everything members get.`, action: 'Join' };
}

/** The words for a member whose e-mail is not confirmed yet; the app's /verify-email page sends the link again and brings them back. */
export function confirmEmailWords(site: Pick<Site, 'title'>): GateWords {
  return {
    heading: 'Confirm your e-mail to read this post',
    body: `We sent you a link when you joined ${site.title}. Open it to read the rest of this post and everything members get.`,
    action: 'Send the link again',
  };
}

function gate(heading: string, body: string, action: string, href: string): string {
  return `<aside class="gate" aria-labelledby="gate-heading"><h2 id="gate-heading">${text(heading)}</h2><p>${text(body)}</p><a class="button" href="${href}">${text(action)}</a></aside>`;
}

function joinCall(site: Site, visibility: PostRow['visibility'], reader: SiteReader, confirmEmail: boolean): string {
  if (confirmEmail) {
    const words = confirmEmailWords(site);
    return gate(words.heading, words.body, words.action, '/verify-email');
  }
  const words = gateWords(site, visibility, reader);
  return gate(words.heading, words.body, words.action, sitePath(site, '/join'));
}

/** Whether the page asks its reader to join after the post: a public post read whole (the gate asks otherwise). */
function promptsToJoin(post: PostRow, access: PostAccess): boolean {
  return access === 'whole' && effectiveVisibility(post) === 'public';
}

export function postMain({ site, post, access, reader, confirmEmail = false, cover, avatar, tiers = [], media, prefixOf, appUrl }: PostPageInput): string {
  const coverHtml = cover ? `<div class="post__cover">${imageHtml(cover.item, cover.prefix, { sizes: columnImageSizes(cover.item), eager: true })}</div>` : '';
  const excerpt = post.excerpt && access === 'preview' && post.previewHtml === '' ? `<p class="post__teaser">${text(post.excerpt)}</p>` : '';
  const body = expandMediaEmbeds(readableHtml(post, access), media, prefixOf);
  const call = access === 'preview' ? joinCall(site, effectiveVisibility(post), reader, confirmEmail) : promptsToJoin(post, access) ? joinPromptHtml(site, reader, tiers) : '';
  const share = post.publishedAt ? shareHtml(post.title, siteUrl(site, appUrl, `/posts/${encodeURIComponent(post.slug)}`)) : '';
  return `<article class="post"><header class="post__header"><h1 class="post__title">${text(post.title)}</h1>${bylineHtml(site, post.publishedAt, avatar)}</header>${coverHtml}<div class="post__body">${excerpt}${body}</div>${call}${share}${tipLink(site, post.id)}</article>`;
}

export function postHead({ site, post, cover, appUrl }: PostPageInput): PageHead {
  const url = siteUrl(site, appUrl, `/posts/${encodeURIComponent(post.slug)}`);
  const description = postDescription(post);
  const coverFile = cover ? imageFileFor(cover.item, 1200) : undefined;
  const imageUrl = cover && coverFile ? new URL(`${cover.prefix}/${coverFile.file}`, appUrl).href : undefined;
  const published = post.publishedAt ?? undefined;
  return {
    title: `${post.title} — ${site.title}`,
    description,
    canonicalUrl: url,
    type: 'article',
    siteName: site.title,
    rssUrl: siteUrl(site, appUrl, '/rss.xml'),
    ...(published ? { publishedTime: published } : {}),
    ...(imageUrl && coverFile
      ? { image: { url: imageUrl, alt: cover?.item.alt || post.title, ...(coverFile.width ? { width: coverFile.width } : {}), ...(coverFile.height ? { height: coverFile.height } : {}) } }
      : {}),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      url,
      mainEntityOfPage: url,
      ...(published ? { datePublished: published.toISOString() } : {}),
      dateModified: post.updatedAt.toISOString(),
      ...(imageUrl ? { image: imageUrl } : {}),
      author: { '@type': 'Person', name: site.title, url: siteUrl(site, appUrl) },
      publisher: { '@type': 'Organization', name: site.title },
      // Google's paywalled-content markup: the gate is part of the page, not cloaking.
      isAccessibleForFree: effectiveVisibility(post) === 'public',
      ...(effectiveVisibility(post) === 'public' ? {} : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.post__body' } }),
    },
  };
}
