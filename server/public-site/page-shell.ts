/**
 * The frame of every public site page: head (title, description, canonical,
 * Open Graph and Twitter card, JSON-LD, the brand colours), the site's bar,
 * the page's main content and a small footer. Every value passes through the
 * one escaping helper; the body parts handed in are already HTML.
 */
import { brandStyle } from './brand.ts';
import { jsonInScript, text } from './html.ts';
import { siteBarLinks, type SiteReader } from './site-bar.ts';
import { PLATFORM_ICON, type PageIcon } from './site-icon.ts';
import type { SiteAssets } from './site-assets.ts';

export interface PageImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface PageHead {
  title: string;
  description: string;
  canonicalUrl: string;
  type: 'website' | 'article' | 'profile';
  siteName: string;
  image?: PageImage;
  jsonLd?: unknown;
  rssUrl?: string;
  /** Drafts in preview and the join page stay out of search engines. */
  noindex?: boolean;
  publishedTime?: Date;
}

export interface SiteChrome {
  handle: string;
  title: string;
  brandColor: string;
}

export interface ShellInput {
  head: PageHead;
  site: SiteChrome;
  main: string;
  assets: SiteAssets;
  /** Who is reading: the bar's links follow (site-bar.ts). */
  reader: SiteReader;
  hasVideo?: boolean;
  /** The owner's view of a page nobody else sees yet. */
  previewBanner?: boolean;
  /** Hide the bar's join button (on the join page itself). */
  hideJoin?: boolean;
  /** The tab icon: the site's avatar (site-icon.ts); the platform's without one. */
  icon?: PageIcon;
}

function metaTags(head: PageHead): string {
  const tags = [
    `<meta name="description" content="${text(head.description)}">`,
    `<link rel="canonical" href="${text(head.canonicalUrl)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:site_name" content="${text(head.siteName)}">`,
    `<meta property="og:title" content="${text(head.title)}">`,
    `<meta property="og:description" content="${text(head.description)}">`,
    `<meta property="og:url" content="${text(head.canonicalUrl)}">`,
    head.publishedTime ? `<meta property="article:published_time" content="${head.publishedTime.toISOString()}">` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${text(head.title)}">`,
    `<meta name="twitter:description" content="${text(head.description)}">`,
  ];
  if (head.image) {
    tags.push(
      `<meta property="og:image" content="${text(head.image.url)}">`,
      `<meta property="og:image:alt" content="${text(head.image.alt)}">`,
      head.image.width ? `<meta property="og:image:width" content="${head.image.width}">` : '',
      head.image.height ? `<meta property="og:image:height" content="${head.image.height}">` : '',
      `<meta name="twitter:image" content="${text(head.image.url)}">`,
      `<meta name="twitter:image:alt" content="${text(head.image.alt)}">`,
    );
  }
  if (head.rssUrl) tags.push(`<link rel="alternate" type="application/rss+xml" title="${text(head.siteName)}" href="${text(head.rssUrl)}">`);
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonInScript(head.jsonLd)}</script>`);
  return tags.join('');
}

/** The page and the inline style it carries, whose hash goes into the page's CSP. */
export function renderShell({ head, site, main, assets, reader, hasVideo = false, previewBanner = false, hideJoin = false, icon = PLATFORM_ICON }: ShellInput): { html: string; inlineStyle: string } {
  const inlineStyle = brandStyle(site.brandColor);
  const home = `/@${site.handle}`;
  const stylesheet = assets.stylesheet ? `<link rel="stylesheet" href="${assets.stylesheet}">` : '';
  const script = hasVideo && assets.videoScript ? `<script type="module" src="${assets.videoScript}"></script>` : '';
  const banner = previewBanner ? '<p class="preview-banner" role="status">Preview — not public</p>' : '';
  const links = siteBarLinks({ handle: site.handle, reader, path: new URL(head.canonicalUrl).pathname, hideJoin });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text(head.title)}</title>${metaTags(head)}${stylesheet}<style>${inlineStyle}</style><link rel="icon" href="${text(icon.href)}" type="${text(icon.type)}">${script}</head><body><a class="skip-link" href="#main">Skip to content</a>${banner}<header class="site-bar"><a class="site-bar__title" href="${home}">${text(site.title)}</a>${links}</header><main id="main" tabindex="-1">${main}</main><footer class="site-footer"><a href="${home}/rss.xml">RSS</a><span aria-hidden="true"> · </span><a href="/">Powered by Creator Platform</a></footer></body></html>`;
  return { html, inlineStyle };
}
