/**
 * `/@{handle}/posts/{slug}`: title, date, cover and body. A reader the access
 * rule gives only the preview gets the public part and a call to join: the
 * gated HTML, its media and its text are never part of their page, nor of its
 * description, Open Graph text or JSON-LD.
 */
import type { PostAccess } from '../access/post-access.ts';
import type { Site } from '../sites/site-lookup.ts';
import { formatDate, type SiteImage } from './home-page.ts';
import { plainText, text } from './html.ts';
import { expandMediaEmbeds, imageFileFor, imageHtml, type PrefixOf } from './media-html.ts';
import type { PageHead } from './page-shell.ts';
import type { MediaRow, PostRow } from './site-content.ts';

export interface PostPageInput {
  site: Site;
  post: PostRow;
  access: PostAccess;
  cover?: SiteImage;
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

function joinCall(site: Site): string {
  return `<aside class="gate" aria-labelledby="gate-heading"><h2 id="gate-heading">This post is for members</h2><p>Join ${text(site.title)} to read the rest of this post and everything members get.</p><a class="button" href="/@${site.handle}/join">Join</a></aside>`;
}

export function postMain({ site, post, access, cover, media, prefixOf }: PostPageInput): string {
  const date = post.publishedAt ? `<time datetime="${post.publishedAt.toISOString()}">${formatDate(post.publishedAt)}</time>` : '<span>Not published</span>';
  const coverHtml = cover ? `<div class="post__cover">${imageHtml(cover.item, cover.prefix, { sizes: '(min-width: 46rem) 42rem, 100vw', eager: true })}</div>` : '';
  const excerpt = post.excerpt && access === 'preview' && post.previewHtml === '' ? `<p class="post__teaser">${text(post.excerpt)}</p>` : '';
  const body = expandMediaEmbeds(readableHtml(post, access), media, prefixOf);
  const gate = access === 'preview' ? joinCall(site) : '';
  return `<article class="post"><header class="post__header"><p class="post__meta">${date}</p><h1 class="post__title">${text(post.title)}</h1></header>${coverHtml}<div class="post__body">${excerpt}${body}</div>${gate}</article>`;
}

export function postHead({ site, post, cover, appUrl }: PostPageInput): PageHead {
  const url = new URL(`/@${site.handle}/posts/${encodeURIComponent(post.slug)}`, appUrl).href;
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
    rssUrl: `/@${site.handle}/rss.xml`,
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
      author: { '@type': 'Person', name: site.title, url: new URL(`/@${site.handle}`, appUrl).href },
      publisher: { '@type': 'Organization', name: site.title },
      // Google's paywalled-content markup: the gate is part of the page, not cloaking.
      isAccessibleForFree: post.visibility === 'public',
      ...(post.visibility === 'public' ? {} : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.post__body' } }),
    },
  };
}
