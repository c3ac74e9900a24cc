/**
 * A member's private RSS feed: every post they may read, whole, as the web
 * page would show it to them (content:encoded), with the iTunes tags podcast
 * apps read and an enclosure for each post's first audio file, so a creator
 * can run a private podcast per tier. Media URLs in it go through the feed's
 * own token (docs/decisions/054). `itunes:block` keeps it out of directories.
 */
import type { Site } from '../sites/site-lookup.ts';
import { plainText, text } from '../public-site/html.ts';

export interface MemberFeedItem {
  title: string;
  url: string;
  guid: string;
  publishedAt: Date | null;
  summary: string;
  /** The whole readable body, media expanded to absolute URLs. */
  html: string;
  enclosure?: { url: string; bytes: number; type: string; durationSeconds?: number };
}

export interface MemberFeedInput {
  site: Site;
  appUrl: URL;
  selfUrl: string;
  imageUrl?: string;
  items: readonly MemberFeedItem[];
}

/** Seconds as iTunes wants them: H:MM:SS, or M:SS under an hour. */
export function itunesDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

function itemXml(item: MemberFeedItem): string {
  const enclosure = item.enclosure
    ? `<enclosure url="${text(item.enclosure.url)}" length="${item.enclosure.bytes}" type="${text(item.enclosure.type)}"/>${item.enclosure.durationSeconds !== undefined ? `<itunes:duration>${itunesDuration(item.enclosure.durationSeconds)}</itunes:duration>` : ''}`
    : '';
  return [
    `<item><title>${text(item.title)}</title><link>${text(item.url)}</link><guid isPermaLink="false">${text(item.guid)}</guid>`,
    item.publishedAt ? `<pubDate>${item.publishedAt.toUTCString()}</pubDate>` : '',
    `<description>${text(item.summary)}</description><itunes:summary>${text(item.summary)}</itunes:summary>`,
    `<content:encoded>${text(item.html)}</content:encoded>${enclosure}</item>`,
  ].join('');
}

export function memberFeedXml({ site, appUrl, selfUrl, imageUrl, items }: MemberFeedInput): string {
  const home = new URL(`/@${site.handle}`, appUrl).href;
  const summary = site.tagline || plainText(site.about, 400) || site.title;
  const newest = items.find((item) => item.publishedAt)?.publishedAt;
  const channel = [
    `<title>${text(site.title)}</title><link>${text(home)}</link><description>${text(summary)}</description><language>en</language>`,
    `<atom:link href="${text(selfUrl)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : '',
    `<itunes:author>${text(site.title)}</itunes:author><itunes:summary>${text(summary)}</itunes:summary><itunes:explicit>false</itunes:explicit><itunes:block>Yes</itunes:block>`,
    imageUrl ? `<itunes:image href="${text(imageUrl)}"/><image><url>${text(imageUrl)}</url><title>${text(site.title)}</title><link>${text(home)}</link></image>` : '',
    items.map(itemXml).join(''),
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>${channel}</channel></rss>`;
}
