/**
 * The frame of every public site page: head (title, description, canonical,
 * Open Graph and Twitter card, JSON-LD, the brand colours), the site's bar,
 * the page's main content and a small footer. Every value passes through the
 * one escaping helper; the body parts handed in are already HTML.
 */
import { brandStyle } from './brand.ts';
import type { ShellDesign } from './design/chrome.ts';
import { jsonInScript, text } from './html.ts';
import { footerFixedLinks } from './platform-badge.ts';
import { siteBarLinks, type SiteReader } from './site-bar.ts';
import { letterIcon, type PageIcon } from './site-icon.ts';
import type { SiteAssets } from './site-assets.ts';
import { sitePath } from '../sites/index.ts';

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
  /** A post's share links: the site's script copies the post's address (client/site/site.ts). */
  hasShare?: boolean;
  /** Messages or comments are on the page: the talk script enhances them (client/site/talk.ts). */
  hasTalk?: boolean;
  /** The owner's view of a page nobody else sees yet. */
  previewBanner?: boolean;
  /** Hide the bar's join button (on the join page itself). */
  hideJoin?: boolean;
  /** The tab icon: the site's avatar (site-icon.ts); its letter on its colour without one. */
  icon?: PageIcon | undefined;
  /** The site's published design (or the owner's draft in preview): theme, logo, navigation, footer. */
  design?: ShellDesign | undefined;
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
export function renderShell({ head, site, main, assets, reader, hasVideo = false, hasShare = false, hasTalk = false, previewBanner = false, hideJoin = false, icon, design }: ShellInput): { html: string; inlineStyle: string } {
  const inlineStyle = design ? design.inlineStyle : brandStyle(site.brandColor);
  const home = sitePath(site);
  const stylesheet = assets.stylesheet ? `<link rel="stylesheet" href="${assets.stylesheet}">` : '';
  const videoScript = (hasVideo || hasShare) && assets.videoScript ? `<script type="module" src="${assets.videoScript}"></script>` : '';
  const script = videoScript + (hasTalk && assets.talkScript ? `<script type="module" src="${assets.talkScript}"></script>` : '');
  const banner = previewBanner ? '<p class="preview-banner" role="status">Preview — not public</p>' : '';
  const links = siteBarLinks({ site, reader, path: new URL(head.canonicalUrl).pathname, hideJoin });
  const tabIcon = design?.icon ?? icon ?? letterIcon(site);
  const root = design ? `<html lang="en" data-theme="${design.theme}" data-mode="${design.mode}">` : '<html lang="en">';
  const themeLinks = design ? `${design.font ? `<link rel="preload" href="${design.font}" as="font" type="font/woff2" crossorigin>` : ''}${design.stylesheet ? `<link rel="stylesheet" href="${design.stylesheet}">` : ''}` : '';
  const footer = design ? design.footer : footerFixedLinks(sitePath(site, '/rss.xml'), assets);
  const html = `<!doctype html>${root}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text(head.title)}</title>${metaTags(head)}${stylesheet}${themeLinks}<style>${inlineStyle}</style><link rel="icon" href="${text(tabIcon.href)}" type="${text(tabIcon.type)}">${script}</head><body><a class="skip-link" href="#main">Skip to content</a>${banner}<header class="site-bar">${design?.logo ?? ''}<a class="site-bar__title" href="${home}">${text(site.title)}</a>${design?.nav ?? ''}${links}</header><main id="main" tabindex="-1">${main}</main><footer class="site-footer">${footer}</footer></body></html>`;
  return { html, inlineStyle };
}
